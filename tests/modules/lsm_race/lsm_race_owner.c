// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_race_owner: owns a hook array that lsm_race registers for it.  It
 * offers the array at load and withdraws it at unload, but never
 * registers it itself, so its hooks are removed by the kernel when it goes.
 */

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>

void lsm_race_offer(struct security_hook_list *hooks);

static int lsm_race_owner_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	return 0;
}

static struct security_hook_list lsm_race_owner_hooks[] = {
	LSM_HOOK_INIT(inode_mkdir, lsm_race_owner_mkdir),
};

static int __init lsm_race_owner_init(void)
{
	lsm_race_offer(lsm_race_owner_hooks);
	return 0;
}

static void __exit lsm_race_owner_exit(void)
{
	lsm_race_offer(NULL);
}

module_init(lsm_race_owner_init);
module_exit(lsm_race_owner_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Owns the hooks lsm_race registers");
MODULE_AUTHOR("LSM export kit");
