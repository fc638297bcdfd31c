// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_hooks_test: which hooks a loadable module may register.
 *
 * For every hook of this kernel's lsm_hook_defs.h it registers a stub that
 * returns the hook's default, alone, and expects register_security() to
 * accept it if the hook is in loadable_hooks[] below and to refuse it with
 * -EINVAL otherwise; it prints one KTAP line per hook.  loadable_hooks[] is
 * the rule of patch 0001 written out as a specification: decisions and
 * notifications only, nothing that keeps state, answers through a pointer,
 * gates a capability check with its default, or is half of a pair.
 *
 * It then registers every hook it was allowed, as "lsm_hooks_test", and
 * stays loaded: a module that allows everything it can, so that a test can
 * check that capability checks still apply.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/stringify.h>

/* A stub per hook that returns the hook's default ("allowed"). */
#define LSM_STUB_int(NAME, DEFAULT, ...)		\
	static int stub_##NAME(__VA_ARGS__)		\
	{						\
		return DEFAULT;				\
	}
#define LSM_STUB_void(NAME, DEFAULT, ...)		\
	static void stub_##NAME(__VA_ARGS__)		\
	{						\
	}
#define LSM_HOOK(RET, DEFAULT, NAME, ...)		\
	LSM_STUB_##RET(NAME, DEFAULT, __VA_ARGS__)
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK

static struct lsm_loadable_hook all_hooks[] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) LSM_LOADABLE_HOOK_INIT(NAME, stub_##NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static const char *const hook_names[] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) __stringify(NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static const char *const loadable_hooks[] = {
	"binder_set_context_mgr", "binder_transaction",
	"binder_transfer_binder", "binder_transfer_file",
	"ptrace_access_check", "ptrace_traceme", "capset", "capable",
	"quotactl", "quota_on", "syslog", "settime", "bprm_check_security",
	"bprm_committing_creds", "bprm_committed_creds", "sb_remount",
	"sb_kern_mount", "sb_statfs", "sb_mount", "sb_umount", "sb_pivotroot",
	"move_mount",
#ifdef CONFIG_SECURITY_PATH
	"path_unlink", "path_mkdir", "path_rmdir", "path_mknod",
	"path_truncate", "path_symlink", "path_link", "path_rename",
	"path_chmod", "path_chown", "path_chroot",
#endif
	"path_notify", "inode_create", "inode_link", "inode_unlink",
	"inode_symlink", "inode_mkdir", "inode_rmdir", "inode_mknod",
	"inode_rename", "inode_readlink", "inode_follow_link",
	"inode_permission", "inode_setattr", "inode_getattr",
	"inode_getxattr", "inode_listxattr", "file_permission", "file_ioctl",
	"file_ioctl_compat", "mmap_addr", "mmap_file", "file_mprotect",
	"file_lock", "file_fcntl", "file_send_sigiotask", "file_receive",
	"file_open", "kernel_module_request", "kernel_load_data",
	"kernel_post_load_data", "kernel_read_file", "kernel_post_read_file",
	"task_fix_setuid", "task_fix_setgid", "task_fix_setgroups",
	"task_setpgid", "task_getpgid", "task_getsid", "task_setnice",
	"task_setioprio", "task_getioprio", "task_prlimit", "task_setrlimit",
	"task_setscheduler", "task_getscheduler", "task_movememory",
	"task_kill", "userns_create", "ipc_permission", "msg_queue_associate",
	"msg_queue_msgctl", "msg_queue_msgsnd", "msg_queue_msgrcv",
	"shm_associate", "shm_shmctl", "shm_shmat", "sem_associate",
	"sem_semctl", "sem_semop", "netlink_send",
#ifdef CONFIG_WATCH_QUEUE
	"post_notification",
#endif
#ifdef CONFIG_KEY_NOTIFICATIONS
	"watch_key",
#endif
#ifdef CONFIG_SECURITY_NETWORK
	"unix_stream_connect", "unix_may_send", "socket_create",
	"socket_socketpair", "socket_bind", "socket_connect", "socket_listen",
	"socket_accept", "socket_sendmsg", "socket_recvmsg",
	"socket_getsockname", "socket_getpeername", "socket_getsockopt",
	"socket_setsockopt", "socket_shutdown", "socket_sock_rcv_skb",
	"secmark_relabel_packet", "tun_dev_create", "sctp_bind_connect",
#endif
#ifdef CONFIG_KEYS
	"key_permission",
#endif
#ifdef CONFIG_BPF_SYSCALL
	"bpf", "bpf_map", "bpf_prog",
#endif
	"locked_down",
#ifdef CONFIG_PERF_EVENTS
	"perf_event_open", "perf_event_read", "perf_event_write",
#endif
#ifdef CONFIG_IO_URING
	"uring_override_creds", "uring_sqpoll", "uring_cmd",
#endif
};

static bool accepted[ARRAY_SIZE(all_hooks)];
static int registered;

static bool is_loadable(const char *name, int *found)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(loadable_hooks); i++) {
		if (!strcmp(loadable_hooks[i], name)) {
			(*found)++;
			return true;
		}
	}
	return false;
}

static int __init lsm_hooks_test_init(void)
{
	int i, n = 0, got, want, found = 0, failed = 0;

	pr_info("KTAP version 1\n");
	pr_info("1..%zu\n", ARRAY_SIZE(all_hooks) + 2);
	for (i = 0; i < ARRAY_SIZE(all_hooks); i++) {
		want = is_loadable(hook_names[i], &found) ? 0 : -EINVAL;
		got = register_security(&all_hooks[i], 1, "lsm_hooks_test",
					THIS_MODULE);
		if (!got) {
			accepted[i] = true;
			unregister_security(&all_hooks[i], THIS_MODULE);
		}
		pr_info("%s %d %s %s # got %d, want %d\n",
			got == want ? "ok" : "not ok", i + 1, hook_names[i],
			want ? "reserved" : "loadable", got, want);
		failed += got != want;
	}
	pr_info("%s %zu every loadable hook of the specification exists # %d of %zu\n",
		found == ARRAY_SIZE(loadable_hooks) ? "ok" : "not ok",
		ARRAY_SIZE(all_hooks) + 1, found, ARRAY_SIZE(loadable_hooks));

	/* Every accepted hook at once: allow everything a module can. */
	for (i = 0; i < ARRAY_SIZE(all_hooks); i++)
		if (accepted[i])
			all_hooks[n++] = all_hooks[i];
	got = register_security(all_hooks, n, "lsm_hooks_test", THIS_MODULE);
	registered = got ? 0 : n;
	pr_info("%s %zu register all %d loadable hooks at once # got %d\n",
		got ? "not ok" : "ok", ARRAY_SIZE(all_hooks) + 2, n, got);
	pr_info("# %d hooks, %d loadable, %d reserved, %d unexpected\n",
		(int)ARRAY_SIZE(all_hooks), n, (int)ARRAY_SIZE(all_hooks) - n,
		failed);
	return 0;
}

static void __exit lsm_hooks_test_exit(void)
{
	if (registered)
		unregister_security(all_hooks, THIS_MODULE);
}

module_init(lsm_hooks_test_init);
module_exit(lsm_hooks_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Which LSM hooks a loadable module may register");
MODULE_AUTHOR("LSM export kit");
