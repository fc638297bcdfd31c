// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_bystander: a loadable security module with an inode_mkdir hook of
 * its own, to be unloaded while another module's hook is in flight.  With
 * "skip_unregister" set its exit function leaves the hooks registered,
 * for the kernel to remove.  With "watch_going" set it prints each other
 * module's MODULE_STATE_GOING as a notifier of priority 1 sees it: the
 * priority of the jump label and trace event notifiers, which forget a
 * module's code while its hooks might still run if they came first.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static bool skip_unregister;
module_param(skip_unregister, bool, 0444);
MODULE_PARM_DESC(skip_unregister, "Leave the hooks registered at unload");

static bool watch_going;
module_param(watch_going, bool, 0444);
MODULE_PARM_DESC(watch_going, "Print other modules' GOING at notifier priority 1");

static int lsm_bystander_module_notify(struct notifier_block *nb,
				       unsigned long action, void *data)
{
	struct module *mod = data;

	if (action == MODULE_STATE_GOING && mod != THIS_MODULE)
		pr_info("%s going, seen at priority 1\n", mod->name);
	return NOTIFY_DONE;
}

static struct notifier_block lsm_bystander_module_nb = {
	.notifier_call = lsm_bystander_module_notify,
	.priority = 1,
};

static int lsm_bystander_mkdir(struct inode *dir, struct dentry *dentry,
			       umode_t mode)
{
	return 0;
}

static struct lsm_loadable_hook lsm_bystander_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_bystander_mkdir),
};

static int __init lsm_bystander_init(void)
{
	int rc;

	if (watch_going) {
		rc = register_module_notifier(&lsm_bystander_module_nb);
		if (rc)
			return rc;
	}
	rc = register_security(lsm_bystander_hooks,
			       ARRAY_SIZE(lsm_bystander_hooks),
			       KBUILD_MODNAME, THIS_MODULE);
	if (rc && watch_going)
		unregister_module_notifier(&lsm_bystander_module_nb);
	return rc;
}

static void __exit lsm_bystander_exit(void)
{
	if (watch_going)
		unregister_module_notifier(&lsm_bystander_module_nb);
	if (skip_unregister) {
		pr_info("leaving hooks registered\n");
		return;
	}
	pr_info("unregister_security(): %d\n",
		unregister_security(lsm_bystander_hooks, THIS_MODULE));
}

module_init(lsm_bystander_init);
module_exit(lsm_bystander_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A loadable security module unloaded beside a blocked one");
MODULE_AUTHOR("LSM export kit");
