// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * kit_ksock: as it loads, makes an IPv6 UDP socket, and sends a datagram
 * to 127.0.0.1:4247 from an IPv4 UDP socket, each once as a kernel socket
 * (sock_create_kern(), as ksmbd makes its own) and once as a socket of the
 * task that loads it (sock_create()), and releases them; peeks, with
 * nothing waiting, at a socket of the task's; then, from a kernel thread
 * on a socket of that task's, sends one, as nbd's kblockd does on the
 * socket user space gave nbd, and peeks, as nfsd's threads do at the
 * sockets rpc.nfsd hands them.  What each step answered, 0 or an error
 * code, is left in the parameters kern_create, kern_send, task_create,
 * task_send, task_peek, kthread_send and kthread_peek.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/err.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/net.h>
#include <net/net_namespace.h>

#define KIT_PORT	4247

static int kern_create = 1;
module_param(kern_create, int, 0444);
MODULE_PARM_DESC(kern_create, "sock_create_kern() of an IPv6 UDP socket: 0 or an error code");

static int kern_send = 1;
module_param(kern_send, int, 0444);
MODULE_PARM_DESC(kern_send, "kernel_sendmsg() to port 4247 from a kernel socket: 0 or an error code");

static int task_create = 1;
module_param(task_create, int, 0444);
MODULE_PARM_DESC(task_create, "sock_create() of an IPv6 UDP socket: 0 or an error code");

static int task_send = 1;
module_param(task_send, int, 0444);
MODULE_PARM_DESC(task_send, "kernel_sendmsg() to port 4247 from the loading task's socket: 0 or an error code");

static int kthread_send = 1;
module_param(kthread_send, int, 0444);
MODULE_PARM_DESC(kthread_send, "kernel_sendmsg() to port 4247 from a kernel thread, on the task's socket: 0 or an error code");

static int task_peek = 1;
module_param(task_peek, int, 0444);
MODULE_PARM_DESC(task_peek, "kernel_recvmsg(MSG_PEEK) on the loading task's socket: -EAGAIN or another error code");

static int kthread_peek = 1;
module_param(kthread_peek, int, 0444);
MODULE_PARM_DESC(kthread_peek, "kernel_recvmsg(MSG_PEEK) from a kernel thread, on the task's socket: -EAGAIN or another error code");

/* A UDP socket of @family: the kernel's own if @kern, else the task's. */
static int kit_ksock_make(int family, bool kern, struct socket **sock)
{
	if (kern)
		return sock_create_kern(&init_net, family, SOCK_DGRAM,
					IPPROTO_UDP, sock);
	return sock_create(family, SOCK_DGRAM, IPPROTO_UDP, sock);
}

/* Make an IPv6 UDP socket, as the kernel's own if @kern. */
static int kit_ksock_create(bool kern)
{
	struct socket *sock;
	int err;

	err = kit_ksock_make(AF_INET6, kern, &sock);
	if (!err)
		sock_release(sock);
	return err;
}

/* Send a datagram to 127.0.0.1:KIT_PORT from @sock, an IPv4 UDP socket. */
static int kit_ksock_send_on(struct socket *sock)
{
	struct sockaddr_in addr = {
		.sin_family = AF_INET,
		.sin_port = htons(KIT_PORT),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	struct msghdr msg = {
		.msg_name = &addr,
		.msg_namelen = sizeof(addr),
	};
	char data[] = "kit";
	struct kvec vec = { .iov_base = data, .iov_len = sizeof(data) };
	int err;

	err = kernel_sendmsg(sock, &msg, &vec, 1, sizeof(data));
	return err < 0 ? err : 0;
}

/* Peek at @sock, without waiting: -EAGAIN when nothing waits there. */
static int kit_ksock_peek_on(struct socket *sock)
{
	struct msghdr msg = {};
	char data[4];
	struct kvec vec = { .iov_base = data, .iov_len = sizeof(data) };

	return kernel_recvmsg(sock, &msg, &vec, 1, sizeof(data),
			      MSG_PEEK | MSG_DONTWAIT);
}

/* Do @op on a new IPv4 UDP socket, the kernel's own if @kern. */
static int kit_ksock_on_new(bool kern, int (*op)(struct socket *sock))
{
	struct socket *sock;
	int err;

	err = kit_ksock_make(AF_INET, kern, &sock);
	if (err)
		return err;
	err = op(sock);
	sock_release(sock);
	return err;
}

static DECLARE_COMPLETION(kit_ksock_sent);

static int kit_ksock_thread(void *sock)
{
	kthread_send = kit_ksock_send_on(sock);
	kthread_peek = kit_ksock_peek_on(sock);
	complete(&kit_ksock_sent);
	return 0;
}

/* Send and peek from a kernel thread, on a socket of the loading task's. */
static int kit_ksock_send_from_kthread(void)
{
	struct task_struct *thread;
	struct socket *sock;
	int err;

	err = kit_ksock_make(AF_INET, false, &sock);
	if (err)
		return err;
	thread = kthread_run(kit_ksock_thread, sock, "kit_ksock");
	if (IS_ERR(thread)) {
		sock_release(sock);
		return PTR_ERR(thread);
	}
	wait_for_completion(&kit_ksock_sent);
	sock_release(sock);
	return kthread_send;
}

static int __init kit_ksock_init(void)
{
	kern_create = kit_ksock_create(true);
	kern_send = kit_ksock_on_new(true, kit_ksock_send_on);
	task_create = kit_ksock_create(false);
	task_send = kit_ksock_on_new(false, kit_ksock_send_on);
	task_peek = kit_ksock_on_new(false, kit_ksock_peek_on);
	kthread_send = kit_ksock_send_from_kthread();
	pr_info("kernel socket: create %d, send %d; the task's: create %d, send %d, peek %d; from a kernel thread: send %d, peek %d\n",
		kern_create, kern_send, task_create, task_send, task_peek,
		kthread_send, kthread_peek);
	return 0;
}

static void __exit kit_ksock_exit(void)
{
}

module_init(kit_ksock_init);
module_exit(kit_ksock_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Makes sockets and sends from them as the kernel's and as the loading task's");
