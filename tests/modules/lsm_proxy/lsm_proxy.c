// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_proxy: tries to register and unregister another module's hooks,
 * which only the module holding them may do.
 *
 * lsm_proxy_owner registers its hook array itself, then hands it to
 * lsm_proxy_offer(), which tries to register it again under its own name
 * and as its own (THIS_MODULE), then tries to register an array of its own
 * whose hook function is the owner's.  Writing to the "unregister"
 * parameter tries to unregister the offered array.  Each attempt prints its
 * result.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "lsm_proxy.h"

static struct lsm_loadable_hook *offered;

/* Its own array, made of the owner's first hook: index and function. */
static struct lsm_loadable_hook borrowed[1];

void lsm_proxy_offer(struct lsm_loadable_hook *hooks, int count)
{
	pr_info("register_security() of the offered hooks: %d\n",
		register_security(hooks, count, "lsm_proxy", THIS_MODULE));
	offered = hooks;
	borrowed[0].index = hooks[0].index;
	borrowed[0].hook = hooks[0].hook;
	pr_info("register_security() of its own array with the owner's hook function: %d\n",
		register_security(borrowed, 1, "lsm_proxy", THIS_MODULE));
}
EXPORT_SYMBOL_GPL(lsm_proxy_offer);

static int lsm_proxy_unregister(const char *val, const struct kernel_param *kp)
{
	if (!offered)
		return -ENOENT;
	pr_info("unregister_security() of the offered hooks: %d\n",
		unregister_security(offered, THIS_MODULE));
	return 0;
}

static const struct kernel_param_ops lsm_proxy_unregister_ops = {
	.set = lsm_proxy_unregister,
};
module_param_cb(unregister, &lsm_proxy_unregister_ops, NULL, 0200);
MODULE_PARM_DESC(unregister, "Write to try to unregister the offered hooks");

static int __init lsm_proxy_init(void)
{
	return 0;
}

static void __exit lsm_proxy_exit(void)
{
}

module_init(lsm_proxy_init);
module_exit(lsm_proxy_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tries to register and unregister another module's LSM hooks");
MODULE_AUTHOR("LSM export kit");
