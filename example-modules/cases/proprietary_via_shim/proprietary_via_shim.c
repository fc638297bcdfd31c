// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * proprietary_via_shim: a proprietary module that registers an LSM hook
 * through gpl_shim's plain exports instead of register_security().  It
 * refuses mkdir of "kit-denied", like proprietary_lsm, and the patched
 * kernel loads it: the loader checks the symbols a module uses, not what
 * they lead to.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/string.h>

#include "gpl_shim.h"

static int via_shim_inode_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	if (strcmp(dentry->d_name.name, "kit-denied"))
		return 0;
	pr_info("denied mkdir of kit-denied\n");
	return -EPERM;
}

static struct lsm_loadable_hook via_shim_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, via_shim_inode_mkdir),
};

static int __init via_shim_init(void)
{
	return shim_register_security(via_shim_hooks,
				      ARRAY_SIZE(via_shim_hooks), KBUILD_MODNAME,
				      THIS_MODULE);
}

static void __exit via_shim_exit(void)
{
	shim_unregister_security(via_shim_hooks, THIS_MODULE);
}

module_init(via_shim_init);
module_exit(via_shim_exit);

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Example: a proprietary LSM registered through a GPL shim");
MODULE_AUTHOR("LSM export kit");
