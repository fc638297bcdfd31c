// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_api_stub: a caller of register_security() and unregister_security()
 * built as if CONFIG_SECURITY_LOADABLE_LSM were off, to check that the
 * header's stubs let it build (and that it then needs neither symbol).
 */

#include <linux/kconfig.h>
#undef CONFIG_SECURITY_LOADABLE_LSM

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>

static int lsm_api_stub_mkdir(struct inode *dir, struct dentry *dentry,
			      umode_t mode)
{
	return 0;
}

static struct lsm_loadable_hook lsm_api_stub_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_api_stub_mkdir),
};

static int __init lsm_api_stub_init(void)
{
	pr_info("register_security(): %d\n",
		register_security(lsm_api_stub_hooks,
				  ARRAY_SIZE(lsm_api_stub_hooks),
				  KBUILD_MODNAME, THIS_MODULE));
	return 0;
}

static void __exit lsm_api_stub_exit(void)
{
	pr_info("unregister_security(): %d\n",
		unregister_security(lsm_api_stub_hooks, THIS_MODULE));
}

module_init(lsm_api_stub_init);
module_exit(lsm_api_stub_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Calls the loadable LSM API as built with the option off");
MODULE_AUTHOR("LSM export kit");
