// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * kit_ksock: as it loads, makes an IPv6 UDP socket, and sends a datagram
 * to 127.0.0.1:4247 from an IPv4 UDP socket, each once as a kernel socket
 * (sock_create_kern(), as ksmbd and nfsd make theirs) and once as a socket
 * of the task that loads it (sock_create()), and releases them.  What each
 * step answered, 0 or an error code, is left in the parameters
 * kern_create, kern_send, task_create and task_send.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/in.h>
#include <linux/in6.h>
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

/* Make an IPv6 UDP socket, as the kernel's own if @kern. */
static int kit_ksock_create(bool kern)
{
	struct socket *sock;
	int err;

	if (kern)
		err = sock_create_kern(&init_net, AF_INET6, SOCK_DGRAM,
				       IPPROTO_UDP, &sock);
	else
		err = sock_create(AF_INET6, SOCK_DGRAM, IPPROTO_UDP, &sock);
	if (!err)
		sock_release(sock);
	return err;
}

/* Send a datagram to KIT_PORT from an IPv4 UDP socket, the kernel's if @kern. */
static int kit_ksock_send(bool kern)
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
	struct socket *sock;
	int err;

	if (kern)
		err = sock_create_kern(&init_net, AF_INET, SOCK_DGRAM,
				       IPPROTO_UDP, &sock);
	else
		err = sock_create(AF_INET, SOCK_DGRAM, IPPROTO_UDP, &sock);
	if (err)
		return err;
	err = kernel_sendmsg(sock, &msg, &vec, 1, sizeof(data));
	sock_release(sock);
	return err < 0 ? err : 0;
}

static int __init kit_ksock_init(void)
{
	kern_create = kit_ksock_create(true);
	kern_send = kit_ksock_send(true);
	task_create = kit_ksock_create(false);
	task_send = kit_ksock_send(false);
	pr_info("kernel socket: create %d, send %d; the task's: create %d, send %d\n",
		kern_create, kern_send, task_create, task_send);
	return 0;
}

static void __exit kit_ksock_exit(void)
{
}

module_init(kit_ksock_init);
module_exit(kit_ksock_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Makes sockets and sends from them as the kernel's and as the loading task's");
