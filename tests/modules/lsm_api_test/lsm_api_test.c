// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_api_test: checks the argument handling and lifetime rules of
 * register_security() and unregister_security() from patch 0002.
 *
 * At load it runs each case below and prints the results as KTAP; it
 * refuses to load if any case fails.  It then stays registered with one
 * inode_mkdir hook that sleeps for "delay_ms" when the name is "kit-slow",
 * so a test can unload it while the hook runs, and answers 1, which is
 * not a decision, when the name is "kit-positive", -5000, not an error
 * code, for "kit-errno", -ESRCH for "kit-esrch", -ERESTARTSYS for
 * "kit-restart", -EACCES for "kit-eacces" and -ECHILD for "kit-echild".
 * Its inode_permission and inode_follow_link hooks answer -ECHILD for
 * inodes of two owners (below); its other hooks refuse what is described
 * above each.  With "skip_unregister" set its exit
 * function leaves the hooks registered, to check that the kernel removes
 * them before the module's memory goes away.  Its exit function also
 * tries to register again, which must fail: the module is going.
 *
 * "key_site" is the offset in security_inode_mkdir() of the jump that
 * guards inode_mkdir's loadable hooks (found by the host in vmlinux's jump
 * table): the cases read the instruction there to see the static key off
 * while no loadable inode_mkdir hook is registered, and on while one is.
 * "heads_offset" is where security_hook_heads lies from there (found by the
 * host in vmlinux's symbols): it is not exported, and the cases check that
 * a registration leaves the built-in inode_mkdir list alone and that the
 * list cannot be written.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cache.h>
#include <linux/cred.h>
#include <linux/delay.h>
#include <linux/dcache.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/in.h>
#include <linux/kernel.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <net/sock.h>

static uint delay_ms;
module_param(delay_ms, uint, 0644);
MODULE_PARM_DESC(delay_ms, "How long the hook sleeps on mkdir of kit-slow");

static bool skip_unregister;
module_param(skip_unregister, bool, 0644);
MODULE_PARM_DESC(skip_unregister, "Leave the hooks registered at unload");

static bool quiet;
module_param(quiet, bool, 0444);
MODULE_PARM_DESC(quiet, "Print only failed cases (for thousands of loads)");

static uint key_site;
module_param(key_site, uint, 0444);
MODULE_PARM_DESC(key_site, "Offset of inode_mkdir's static key jump in security_inode_mkdir()");

static long heads_offset;
module_param(heads_offset, long, 0444);
MODULE_PARM_DESC(heads_offset, "Address of security_hook_heads minus that of security_inode_mkdir()");

static int lsm_api_test_mkdir(struct inode *dir, struct dentry *dentry,
			      umode_t mode)
{
	/* Not a decision: the kernel must refuse instead. */
	if (!strcmp(dentry->d_name.name, "kit-positive"))
		return 1;
	if (!strcmp(dentry->d_name.name, "kit-errno"))
		return -5000;	/* below -MAX_ERRNO: not an error code */
	/* Answers some callers act on rather than fail with. */
	if (!strcmp(dentry->d_name.name, "kit-esrch"))
		return -ESRCH;
	if (!strcmp(dentry->d_name.name, "kit-restart"))
		return -ERESTARTSYS;
	if (!strcmp(dentry->d_name.name, "kit-eacces"))
		return -EACCES;
	/* Asks for a retry in ref mode, but mkdir is not in an RCU walk. */
	if (!strcmp(dentry->d_name.name, "kit-echild"))
		return -ECHILD;
	if (delay_ms && !strcmp(dentry->d_name.name, "kit-slow")) {
		pr_info("hook sleeping %u ms\n", delay_ms);
		msleep(delay_ms);
		pr_info("hook done\n");
	}
	return 0;
}

/*
 * -ECHILD asks a path walk in RCU mode to go on in ref mode.  Inodes owned
 * by RETRY_UID answer it in RCU mode only, so a walk through them must
 * succeed once retried (the exit function prints how often each hook
 * answered so); inodes owned by ECHILD_UID answer it always, which in ref
 * mode is no refusal the kernel may pass on.
 */
#define RETRY_UID	4242
#define ECHILD_UID	4243
/* Its inodes are protected: lsm_api_test_protected(), below. */
#define PROTECTED_UID	4246

static atomic_t permission_retries = ATOMIC_INIT(0);
static atomic_t follow_link_retries = ATOMIC_INIT(0);

static int lsm_api_test_answer(const struct inode *inode, bool rcu_walk,
			       atomic_t *retries)
{
	uid_t uid = __kuid_val(inode->i_uid);

	if (uid == RETRY_UID && rcu_walk) {
		atomic_inc(retries);
		return -ECHILD;
	}
	return uid == ECHILD_UID ? -ECHILD : 0;
}

static int lsm_api_test_permission(struct inode *inode, int mask)
{
	if (S_ISDIR(inode->i_mode) && (mask & MAY_EXEC) &&
	    __kuid_val(inode->i_uid) == PROTECTED_UID)
		return -EACCES;
	return lsm_api_test_answer(inode, mask & MAY_NOT_BLOCK,
				   &permission_retries);
}

static int lsm_api_test_follow_link(struct dentry *dentry, struct inode *inode,
				    bool rcu)
{
	return lsm_api_test_answer(inode, rcu, &follow_link_retries);
}

/*
 * Every change of an inode's attributes that KEEP_PRIVS_UID asks for is
 * refused; the kernel's own removal of set-user-ID bits from a file it
 * writes must still happen.  Inodes of PROTECTED_UID may not be changed,
 * examined or unlinked by anyone, nor its directories searched; devtmpfs
 * must still remove such a device node, and take its owner and mode from
 * its hard links, when the device goes.
 */
#define KEEP_PRIVS_UID	4244

static bool lsm_api_test_protected(const struct inode *inode)
{
	return inode && __kuid_val(inode->i_uid) == PROTECTED_UID;
}

static int lsm_api_test_setattr(struct dentry *dentry, struct iattr *attr)
{
	if (__kuid_val(current_fsuid()) == KEEP_PRIVS_UID ||
	    lsm_api_test_protected(d_inode(dentry)))
		return -EPERM;
	return 0;
}

static int lsm_api_test_getattr(const struct path *path)
{
	return lsm_api_test_protected(d_inode(path->dentry)) ? -EPERM : 0;
}

static int lsm_api_test_unlink(struct inode *dir, struct dentry *dentry)
{
	return lsm_api_test_protected(d_inode(dentry)) ? -EPERM : 0;
}

/* Every packet for a socket of DROP_UID is refused. */
#define DROP_UID	4245

static int lsm_api_test_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	return __kuid_val(sk->sk_uid) == DROP_UID ? -EPERM : 0;
}

/*
 * Every CPU-wide perf event is refused; the counters that the kernel
 * makes for itself from a kernel thread, as the hard-lockup detector
 * does, must still be made.
 */
static int lsm_api_test_perf_event_open(struct perf_event_attr *attr,
					int type)
{
	return type == PERF_SECURITY_CPU ? -EACCES : 0;
}

/*
 * Every IPv6 datagram socket, and every datagram sent to port 4247, is
 * refused; the kernel's own sockets are not its to refuse.
 */
#define REFUSED_PORT	4247

static int lsm_api_test_socket_create(int family, int type, int protocol,
				      int kern)
{
	return family == AF_INET6 && type == SOCK_DGRAM ? -EACCES : 0;
}

static int lsm_api_test_socket_sendmsg(struct socket *sock,
				       struct msghdr *msg, int size)
{
	const struct sockaddr_in *to = msg->msg_name;

	if (to && msg->msg_namelen >= (int)sizeof(*to) &&
	    to->sin_family == AF_INET && ntohs(to->sin_port) == REFUSED_PORT)
		return -EACCES;
	return 0;
}

/*
 * Every peek at a UDP socket is refused, as nfsd's threads peek at the
 * sockets rpc.nfsd gives them; a kernel thread's is not its to refuse.
 */
static int lsm_api_test_socket_recvmsg(struct socket *sock,
				       struct msghdr *msg, int size, int flags)
{
	return (flags & MSG_PEEK) && sock->sk &&
	       sock->sk->sk_protocol == IPPROTO_UDP ? -EACCES : 0;
}

/*
 * SIGUSR1 from a task of SIGNAL_UID is refused; the parent-death signal
 * such a task sends as it exits, which the kernel drops if refused, is not
 * its to refuse.
 */
#define SIGNAL_UID	4248

static int lsm_api_test_task_kill(struct task_struct *p,
				  struct kernel_siginfo *info, int sig,
				  const struct cred *cred)
{
	return sig == SIGUSR1 && __kuid_val(current_uid()) == SIGNAL_UID ?
	       -EPERM : 0;
}

/*
 * Every change of I/O priority is refused; a kernel thread's, which ext4
 * and f2fs set without looking at the answer, is not its to refuse.
 */
static int lsm_api_test_task_setioprio(struct task_struct *p, int ioprio)
{
	return -EACCES;
}

static int __init lsm_api_test_init_mkdir(struct inode *dir,
					  struct dentry *dentry, umode_t mode)
{
	return 0;
}

static int lsm_api_test_getprocattr(struct task_struct *p, const char *name,
				    char **value)
{
	return -EINVAL;
}

static struct lsm_loadable_hook good_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
	LSM_LOADABLE_HOOK_INIT(inode_permission, lsm_api_test_permission),
	LSM_LOADABLE_HOOK_INIT(inode_follow_link, lsm_api_test_follow_link),
	LSM_LOADABLE_HOOK_INIT(inode_setattr, lsm_api_test_setattr),
	LSM_LOADABLE_HOOK_INIT(inode_getattr, lsm_api_test_getattr),
	LSM_LOADABLE_HOOK_INIT(inode_unlink, lsm_api_test_unlink),
	LSM_LOADABLE_HOOK_INIT(socket_sock_rcv_skb, lsm_api_test_rcv_skb),
	LSM_LOADABLE_HOOK_INIT(perf_event_open, lsm_api_test_perf_event_open),
	LSM_LOADABLE_HOOK_INIT(socket_create, lsm_api_test_socket_create),
	LSM_LOADABLE_HOOK_INIT(socket_sendmsg, lsm_api_test_socket_sendmsg),
	LSM_LOADABLE_HOOK_INIT(socket_recvmsg, lsm_api_test_socket_recvmsg),
	LSM_LOADABLE_HOOK_INIT(task_kill, lsm_api_test_task_kill),
	LSM_LOADABLE_HOOK_INIT(task_setioprio, lsm_api_test_task_setioprio),
};

static struct lsm_loadable_hook other_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static struct lsm_loadable_hook builtin_only_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(getprocattr, lsm_api_test_getprocattr),
};

/* Indexes past the last hook and before the first (set at init). */
static struct lsm_loadable_hook bad_index_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static struct lsm_loadable_hook null_func_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, NULL),
};

/* The function is set by the init code: an __init function, freed after. */
static struct lsm_loadable_hook init_func_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, NULL),
};

static struct lsm_loadable_hook initdata_hooks[] __initdata = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static const struct lsm_loadable_hook const_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static struct lsm_loadable_hook ro_after_init_hooks[] __ro_after_init = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

/* A hook function in vmlinux, not in this module (set at init). */
static struct lsm_loadable_hook vmlinux_func_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, NULL),
};

/* 63 characters, the longest name; 64 with the "x" of too_long_name. */
#define LONGEST_NAME \
	"lsm_api_test_0123456789_0123456789_0123456789_0123456789_012345"
static const char too_long_name[] = LONGEST_NAME "x";

static int case_number;
static int cases_failed;

static void expect(int got, int want, const char *what)
{
	bool ok = got == want;

	case_number++;
	if (!ok)
		cases_failed++;
	if (!ok || !quiet)
		pr_info("%s %d %s # got %d, want %d\n", ok ? "ok" : "not ok",
			case_number, what, got, want);
}

/* Register @hooks expecting @want; undo a registration that should fail. */
static void expect_register(struct lsm_loadable_hook *hooks, int count,
			    const char *lsm, int want, const char *what)
{
	int got = register_security(hooks, count, lsm, THIS_MODULE);

	if (!got && want)
		unregister_security(hooks, THIS_MODULE);
	expect(got, want, what);
}

/* Register @hooks as @lsm expecting success, then unregister them. */
static void expect_register_unregister(const struct lsm_loadable_hook *hooks,
				       int count, const char *lsm,
				       const char *what)
{
	int got = register_security(hooks, count, lsm, THIS_MODULE);

	if (!got)
		got = unregister_security(hooks, THIS_MODULE);
	expect(got, 0, what);
}

/* Write @dst's own value back to it, as a test of whether it is writable. */
static int write_same_nofault(void *dst)
{
	u64 val;

	if (copy_from_kernel_nofault(&val, dst, sizeof(val)))
		return -EFAULT;
	pagefault_disable();
	__put_kernel_nofault(dst, &val, u64, fault);
	pagefault_enable();
	return 0;
fault:
	pagefault_enable();
	return -EFAULT;
}

/*
 * The first byte of the static key's jump in security_inode_mkdir(): a
 * 5-byte or 2-byte NOP (0x0f, 0x66) while the key is off, a JMP (0xe9,
 * 0xeb) while it is on.  1 for on, 0 for off, -1 for neither.
 */
static int mkdir_key_on(void)
{
	const u8 *site = (const u8 *)security_inode_mkdir + key_site;
	u8 op;

	if (copy_from_kernel_nofault(&op, site, 1))
		return -1;
	if (op == 0xe9 || op == 0xeb)
		return 1;
	if (op == 0x0f || op == 0x66)
		return 0;
	return -1;
}

static void expect_key(int want, const char *what)
{
	if (!key_site) {
		case_number++;
		if (!quiet)
			pr_info("ok %d %s # SKIP no key_site given\n",
				case_number, what);
		return;
	}
	expect(mkdir_key_on(), want, what);
}

/* The built-in inode_mkdir list, or NULL if no heads_offset was given. */
static struct hlist_head *builtin_mkdir_head(void)
{
	struct security_hook_heads *heads;

	if (!heads_offset)
		return NULL;
	heads = (void *)((unsigned long)security_inode_mkdir + heads_offset);
	return &heads->inode_mkdir;
}

/* A case on the built-in list: skipped if heads_offset was not given. */
static void expect_builtin(struct hlist_head *head,
			   bool (*check)(struct hlist_head *head),
			   const char *what)
{
	if (!head) {
		case_number++;
		if (!quiet)
			pr_info("ok %d %s # SKIP no heads_offset given\n",
				case_number, what);
		return;
	}
	expect(check(head), true, what);
}

static bool builtin_read_only(struct hlist_head *head)
{
	return write_same_nofault(head) == -EFAULT;
}

static struct hlist_node *builtin_first;

static bool builtin_unchanged(struct hlist_head *head)
{
	struct hlist_node *first;

	return !copy_from_kernel_nofault(&first, &head->first, sizeof(first)) &&
	       first == builtin_first;
}

#define NHOOKS ARRAY_SIZE(good_hooks)
#define NOTHER ARRAY_SIZE(other_hooks)

static int __init lsm_api_test_init(void)
{
	struct hlist_head *builtin_head = builtin_mkdir_head();
	struct lsm_loadable_hook *heap_hooks, good_copy[NHOOKS];

	if (!quiet) {
		pr_info("KTAP version 1\n");
		pr_info("1..46\n");
	}
	if (builtin_head &&
	    copy_from_kernel_nofault(&builtin_first, &builtin_head->first,
				     sizeof(builtin_first)))
		builtin_head = NULL;
	memcpy(good_copy, good_hooks, sizeof(good_copy));
	expect_register(NULL, 1, "lsm_api_test", -EINVAL, "NULL hooks");
	expect_register(good_hooks, 0, "lsm_api_test", -EINVAL, "zero count");
	expect_register(good_hooks, -1, "lsm_api_test", -EINVAL,
			"negative count");
	expect_register(good_hooks, LSM_HOOK_COUNT + 1, "lsm_api_test", -EINVAL,
			"count of LSM_HOOK_COUNT + 1");
	/* Refused before any allocation: no allocator warning. */
	expect_register(good_hooks, INT_MAX, "lsm_api_test", -EINVAL,
			"count of INT_MAX");
	expect_register(good_hooks, NHOOKS, NULL, -EINVAL, "NULL name");
	expect_register(good_hooks, NHOOKS, "", -EINVAL, "empty name");
	expect_register(good_hooks, NHOOKS, "a,b", -EINVAL,
			"name with a comma");
	expect_register(good_hooks, NHOOKS, "a b", -EINVAL,
			"name with a space");
	expect_register(good_hooks, NHOOKS, "a/b", -EINVAL,
			"name with a slash");
	expect_register(good_hooks, NHOOKS, "caf\xe9", -EINVAL,
			"name with a Latin-1 letter (0xe9)");
	expect_register(good_hooks, NHOOKS, too_long_name, -EINVAL,
			"name of 64 characters");
	expect_register_unregister(good_hooks, NHOOKS, LONGEST_NAME,
				   "name of 63 characters");
	bad_index_hooks[0].index = LSM_HOOK_COUNT;
	expect_register(bad_index_hooks, 1, "lsm_api_test", -EINVAL,
			"hook index LSM_HOOK_COUNT");
	bad_index_hooks[0].index = -1;
	expect_register(bad_index_hooks, 1, "lsm_api_test", -EINVAL,
			"hook index -1");
	expect_register(null_func_hooks, 1, "lsm_api_test", -EINVAL,
			"NULL hook function");
	expect_register(builtin_only_hooks, 1, "lsm_api_test", -EINVAL,
			"hook reserved to built-in LSMs");
	vmlinux_func_hooks[0].hook.lsm_func_addr = (void *)msleep;
	expect_register(vmlinux_func_hooks, 1, "lsm_api_test", -EINVAL,
			"hook function in vmlinux");
	init_func_hooks[0].hook.inode_mkdir = lsm_api_test_init_mkdir;
	expect_register(init_func_hooks, 1, "lsm_api_test", -EINVAL,
			"__init hook function");
	expect_register(initdata_hooks, 1, "lsm_api_test", -EINVAL,
			"__initdata array");
	expect_register_unregister(const_hooks, 1, "lsm_api_test",
				   "const array (the kernel copies it)");
	expect_register_unregister(ro_after_init_hooks, 1, "lsm_api_test",
				   "__ro_after_init array");
	heap_hooks = kmemdup(good_hooks, sizeof(good_hooks), GFP_KERNEL);
	if (heap_hooks)
		expect_register(heap_hooks, 1, "lsm_api_test", -EINVAL,
				"array outside the module (kmalloc)");
	else
		expect(-ENOMEM, -EINVAL, "array outside the module (kmalloc)");
	kfree(heap_hooks);
	expect_register(good_hooks, NHOOKS, "capability", -EEXIST,
			"name of a built-in LSM (capability)");
	expect_register(good_hooks, NHOOKS, "integrity", -EEXIST,
			"name of a built-in LSM without hooks (integrity)");
	expect_register(good_hooks, NHOOKS, "apparmor", -EEXIST,
			"name of a built-in LSM (apparmor)");
	expect_register(good_hooks, NHOOKS, "selinux", -EEXIST,
			"name of a built-in LSM not enabled at boot (selinux)");
	expect_register(good_hooks, NHOOKS, "SELinux", -EEXIST,
			"name of a built-in LSM in another case (SELinux)");
	expect_builtin(builtin_head, builtin_read_only,
		       "built-in hook lists are read-only");
	expect_key(0, "static key off before registering");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test", NULL),
	       -EINVAL, "register with no owner module");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test",
				 THIS_MODULE), 0, "register");
	expect_key(1, "static key on while registered");
	expect_builtin(builtin_head, builtin_unchanged,
		       "the built-in hook list is left alone");
	expect(!memcmp(good_copy, good_hooks, sizeof(good_copy)), 1,
	       "the registered array is not written");
	expect_register(good_hooks, NHOOKS, "lsm_api_test2", -EBUSY,
			"register the same hooks twice");
	expect_register(other_hooks, NOTHER, "lsm_api_test", -EEXIST,
			"register a taken name");
	expect(register_security(other_hooks, NOTHER, "lsm_api_test2",
				 THIS_MODULE), 0,
	       "register a second array of the same hook");
	expect(unregister_security(other_hooks, THIS_MODULE), 0,
	       "unregister the second array");
	expect_key(1, "static key still on with one hook left");
	expect(unregister_security(NULL, THIS_MODULE), -EINVAL,
	       "unregister NULL");
	expect(unregister_security(good_hooks, NULL), -EINVAL,
	       "unregister with no owner module");
	expect(unregister_security(other_hooks, THIS_MODULE), -ENOENT,
	       "unregister hooks not registered");
	expect(unregister_security(good_hooks, THIS_MODULE), 0, "unregister");
	expect_key(0, "static key off after the last unregister");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test",
				 THIS_MODULE), 0, "register again after unregister");

	if (cases_failed) {
		unregister_security(good_hooks, THIS_MODULE);
		return -EINVAL;
	}
	return 0;
}

static void __exit lsm_api_test_exit(void)
{
	pr_info("retries asked: inode_permission %d, inode_follow_link %d\n",
		atomic_read(&permission_retries),
		atomic_read(&follow_link_retries));
	if (skip_unregister) {
		pr_info("leaving hooks registered\n");
		return;
	}
	pr_info("register_security() while going: %d\n",
		register_security(other_hooks, NOTHER, "lsm_api_test2",
				  THIS_MODULE));
	pr_info("unregistering\n");
	unregister_security(good_hooks, THIS_MODULE);
	pr_info("unregistered\n");
}

module_init(lsm_api_test_init);
module_exit(lsm_api_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tests for the loadable LSM registration API");
MODULE_AUTHOR("LSM export kit");
