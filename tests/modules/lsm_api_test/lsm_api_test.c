// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_api_test: checks the argument handling and lifetime rules of
 * register_security() and unregister_security() from patch 0001.
 *
 * At load it runs each case below and prints the results as KTAP; it
 * refuses to load if any case fails.  It then stays registered with one
 * inode_mkdir hook that sleeps for "delay_ms" when the name is "kit-slow",
 * so a test can unload it while the hook runs.  With "skip_unregister" set
 * its exit function leaves the hooks registered, to check that the kernel
 * removes them before the module's memory goes away.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/dcache.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

static uint delay_ms;
module_param(delay_ms, uint, 0644);
MODULE_PARM_DESC(delay_ms, "How long the hook sleeps on mkdir of kit-slow");

static bool skip_unregister;
module_param(skip_unregister, bool, 0644);
MODULE_PARM_DESC(skip_unregister, "Leave the hooks registered at unload");

static bool quiet;
module_param(quiet, bool, 0444);
MODULE_PARM_DESC(quiet, "Print only failed cases (for thousands of loads)");

static int lsm_api_test_mkdir(struct inode *dir, struct dentry *dentry,
			      umode_t mode)
{
	if (delay_ms && !strcmp(dentry->d_name.name, "kit-slow")) {
		pr_info("hook sleeping %u ms\n", delay_ms);
		msleep(delay_ms);
		pr_info("hook done\n");
	}
	return 0;
}

static int lsm_api_test_getprocattr(struct task_struct *p, const char *name,
				    char **value)
{
	return -EINVAL;
}

static struct security_hook_list good_hooks[] = {
	LSM_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static struct security_hook_list other_hooks[] = {
	LSM_HOOK_INIT(inode_mkdir, lsm_api_test_mkdir),
};

static struct security_hook_list builtin_only_hooks[] = {
	LSM_HOOK_INIT(getprocattr, lsm_api_test_getprocattr),
};

static struct hlist_head stray_head;
static struct security_hook_list stray_head_hooks[] = {
	{ .head = &stray_head, .hook = { .inode_mkdir = lsm_api_test_mkdir } },
};

static struct security_hook_list null_func_hooks[] = {
	LSM_HOOK_INIT(inode_mkdir, NULL),
};

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

#define NHOOKS ARRAY_SIZE(good_hooks)

static int __init lsm_api_test_init(void)
{
	if (!quiet) {
		pr_info("KTAP version 1\n");
		pr_info("1..17\n");
	}
	expect(register_security(NULL, 1, "lsm_api_test"), -EINVAL,
	       "NULL hooks");
	expect(register_security(good_hooks, 0, "lsm_api_test"), -EINVAL,
	       "zero count");
	expect(register_security(good_hooks, -1, "lsm_api_test"), -EINVAL,
	       "negative count");
	expect(register_security(good_hooks, NHOOKS, NULL), -EINVAL,
	       "NULL name");
	expect(register_security(good_hooks, NHOOKS, ""), -EINVAL,
	       "empty name");
	expect(register_security(good_hooks, NHOOKS, "a,b"), -EINVAL,
	       "name with a comma");
	expect(register_security(stray_head_hooks, 1, "lsm_api_test"), -EINVAL,
	       "head outside security_hook_heads");
	expect(register_security(null_func_hooks, 1, "lsm_api_test"), -EINVAL,
	       "NULL hook function");
	expect(register_security(builtin_only_hooks, 1, "lsm_api_test"),
	       -EINVAL, "hook reserved to built-in LSMs");
	expect(register_security(good_hooks, NHOOKS, "capability"), -EEXIST,
	       "name of a built-in LSM");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test"), 0,
	       "register");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test2"), -EBUSY,
	       "register the same hooks twice");
	expect(register_security(other_hooks, NHOOKS, "lsm_api_test"), -EEXIST,
	       "register a taken name");
	expect(unregister_security(NULL), -EINVAL, "unregister NULL");
	expect(unregister_security(other_hooks), -ENOENT,
	       "unregister hooks never registered");
	expect(unregister_security(good_hooks), 0, "unregister");
	expect(register_security(good_hooks, NHOOKS, "lsm_api_test"), 0,
	       "register again after unregister");

	if (cases_failed) {
		unregister_security(good_hooks);
		return -EINVAL;
	}
	return 0;
}

static void __exit lsm_api_test_exit(void)
{
	if (skip_unregister) {
		pr_info("leaving hooks registered\n");
		return;
	}
	pr_info("unregistering\n");
	unregister_security(good_hooks);
	pr_info("unregistered\n");
}

module_init(lsm_api_test_init);
module_exit(lsm_api_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tests for the loadable LSM registration API");
MODULE_AUTHOR("LSM export kit");
