// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_proxy_owner: registers its own hook array, offers it to lsm_proxy,
 * and unregisters it at unload, printing each result; with
 * "skip_unregister" set it leaves the array for the kernel to remove.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "lsm_proxy.h"

static bool skip_unregister;
module_param(skip_unregister, bool, 0444);
MODULE_PARM_DESC(skip_unregister, "Leave the hooks registered at unload");

static int lsm_proxy_owner_mkdir(struct inode *dir, struct dentry *dentry,
				 umode_t mode)
{
	return 0;
}

static struct lsm_loadable_hook lsm_proxy_owner_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_proxy_owner_mkdir),
};

static int __init lsm_proxy_owner_init(void)
{
	int rc = register_security(lsm_proxy_owner_hooks,
				   ARRAY_SIZE(lsm_proxy_owner_hooks),
				   KBUILD_MODNAME, THIS_MODULE);

	pr_info("register_security(): %d\n", rc);
	if (rc)
		return rc;
	lsm_proxy_offer(lsm_proxy_owner_hooks,
			ARRAY_SIZE(lsm_proxy_owner_hooks));
	return 0;
}

static void __exit lsm_proxy_owner_exit(void)
{
	if (skip_unregister)
		return;
	pr_info("unregister_security(): %d\n",
		unregister_security(lsm_proxy_owner_hooks, THIS_MODULE));
}

module_init(lsm_proxy_owner_init);
module_exit(lsm_proxy_owner_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Registers the hooks lsm_proxy tries to take over");
MODULE_AUTHOR("LSM export kit");
