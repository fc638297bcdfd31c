// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_noop: a loadable LSM whose file_permission and inode_permission
 * hooks allow everything, for measuring what one registered module costs
 * on read() and path walks (bench/hook-cost).
 */

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>

static int lsm_noop_file_permission(struct file *file, int mask)
{
	return 0;
}

static int lsm_noop_inode_permission(struct inode *inode, int mask)
{
	return 0;
}

static struct lsm_loadable_hook lsm_noop_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(file_permission, lsm_noop_file_permission),
	LSM_LOADABLE_HOOK_INIT(inode_permission, lsm_noop_inode_permission),
};

static int __init lsm_noop_init(void)
{
	return register_security(lsm_noop_hooks, ARRAY_SIZE(lsm_noop_hooks),
				 "lsm_noop", THIS_MODULE);
}

static void __exit lsm_noop_exit(void)
{
	unregister_security(lsm_noop_hooks, THIS_MODULE);
}

module_init(lsm_noop_init);
module_exit(lsm_noop_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A loadable LSM that allows everything, for benchmarks");
MODULE_AUTHOR("LSM export kit");
