// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_proxy: registers another module's hooks, and unregisters them when
 * told to, whatever the owner is doing meanwhile.
 *
 * lsm_proxy_owner hands its hook array to lsm_proxy_offer() as it loads;
 * lsm_proxy registers it at once.  Writing 1 to the "unregister" parameter
 * unregisters it, in the writer's context: with another module's hook
 * sleeping, that unregistration waits, and the test unloads the owner
 * meanwhile.  The owner's memory must outlive everything the kernel does
 * with the array after the wait.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static struct security_hook_list *offered;
static int offered_count;

void lsm_proxy_offer(struct security_hook_list *hooks, int count)
{
	int rc = register_security(hooks, count, "lsm_proxy_owner");

	pr_info("register_security() of the offered hooks: %d\n", rc);
	if (!rc) {
		offered = hooks;
		offered_count = count;
	}
}
EXPORT_SYMBOL_GPL(lsm_proxy_offer);

static int lsm_proxy_unregister(const char *val, const struct kernel_param *kp)
{
	int rc;

	if (!offered)
		return -ENOENT;
	pr_info("unregistering the offered hooks\n");
	rc = unregister_security(offered);
	pr_info("unregister_security() of the offered hooks: %d\n", rc);
	offered = NULL;
	return rc;
}

static const struct kernel_param_ops lsm_proxy_unregister_ops = {
	.set = lsm_proxy_unregister,
};
module_param_cb(unregister, &lsm_proxy_unregister_ops, NULL, 0200);
MODULE_PARM_DESC(unregister, "Write to unregister the offered hooks");

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
MODULE_DESCRIPTION("Registers and unregisters another module's LSM hooks");
MODULE_AUTHOR("LSM export kit");
