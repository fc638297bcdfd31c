// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * mkdir_deny: the policy shared by the example LSM modules.
 *
 * Refuses mkdir() of one name, the "deny" parameter, with -EPERM through
 * the inode_mkdir hook, which it adds with register_security() and removes
 * with unregister_security().  gpl_lsm, dual_lsm and proprietary_lsm are all
 * built from this file and differ only in the MODULE_LICENSE() of their
 * license.c, so whatever the kernel does differently with them is due to
 * the licence alone.  The file is MIT-licensed so that it may be linked into
 * modules under any of those licences.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

/*
 * Built with the vendor SDK (vendor-sdk/kbuild/kit.mk), the guard turns the
 * use of a GPL-only export in a module that is not GPL-compatible into a
 * compile-time error.  It must come after every other header.
 */
#if __has_include("kit/gpl_guard.h")
#include <kit/gpl_guard.h>
#endif

static char *deny = "kit-denied";
module_param(deny, charp, 0444);
MODULE_PARM_DESC(deny, "Directory name whose creation is refused with EPERM");

static int mkdir_deny_inode_mkdir(struct inode *dir, struct dentry *dentry,
				  umode_t mode)
{
	if (strcmp(dentry->d_name.name, deny))
		return 0;
	pr_info("denied mkdir of %s\n", deny);
	return -EPERM;
}

/* register_security() copies it; the array names the registration. */
static struct lsm_loadable_hook mkdir_deny_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, mkdir_deny_inode_mkdir),
};

static int __init mkdir_deny_init(void)
{
	int ret;

	ret = register_security(mkdir_deny_hooks, ARRAY_SIZE(mkdir_deny_hooks),
				KBUILD_MODNAME, THIS_MODULE);
	if (ret) {
		pr_err("register_security failed: %d\n", ret);
		return ret;
	}
	pr_info("denying mkdir of %s\n", deny);
	return 0;
}

static void __exit mkdir_deny_exit(void)
{
	unregister_security(mkdir_deny_hooks, THIS_MODULE);
}

module_init(mkdir_deny_init);
module_exit(mkdir_deny_exit);
