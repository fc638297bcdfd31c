// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_block: a loadable security module whose hook waits, as an anti-virus
 * module's hook waits for its daemon's answer.  Its inode_mkdir hook blocks
 * on a directory named "kit-block..." while the parameter "hold" is set,
 * for at most "hold_max_s" seconds, printing "hook blocked" and "hook done"
 * (or "hook done, timed out").  Writing "unregister_async" unregisters the
 * hooks from a work item, so that its exit function's unregister_security()
 * can meet one in progress.  With "skip_unregister" set the exit function
 * leaves the hooks registered, for the kernel to remove.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/workqueue.h>

static bool hold;
module_param(hold, bool, 0644);
MODULE_PARM_DESC(hold, "Block mkdir of kit-block* while set");

static uint hold_max_s = 60;
module_param(hold_max_s, uint, 0644);
MODULE_PARM_DESC(hold_max_s, "The longest a hook blocks, in seconds");

static bool skip_unregister;
module_param(skip_unregister, bool, 0644);
MODULE_PARM_DESC(skip_unregister, "Leave the hooks registered at unload");

static int lsm_block_mkdir(struct inode *dir, struct dentry *dentry,
			   umode_t mode)
{
	unsigned long end;

	if (strncmp(dentry->d_name.name, "kit-block", 9))
		return 0;
	pr_info("hook blocked\n");
	end = jiffies + READ_ONCE(hold_max_s) * HZ;
	while (READ_ONCE(hold) && time_before(jiffies, end))
		msleep(20);
	pr_info("hook done%s\n", READ_ONCE(hold) ? ", timed out" : "");
	return 0;
}

static struct lsm_loadable_hook lsm_block_hooks[] = {
	LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_block_mkdir),
};

static void lsm_block_unregister(struct work_struct *work)
{
	pr_info("work: unregistering\n");
	pr_info("work: unregister_security(): %d\n",
		unregister_security(lsm_block_hooks, THIS_MODULE));
}

static DECLARE_WORK(lsm_block_unregister_work, lsm_block_unregister);

/*
 * A work item unregisters, not the write: a write runs under the module's
 * parameter lock, which the write of "hold" that releases the hook needs.
 */
static int lsm_block_unregister_async(const char *val,
				      const struct kernel_param *kp)
{
	queue_work(system_unbound_wq, &lsm_block_unregister_work);
	return 0;
}

static const struct kernel_param_ops lsm_block_unregister_ops = {
	.set = lsm_block_unregister_async,
};
module_param_cb(unregister_async, &lsm_block_unregister_ops, NULL, 0200);
MODULE_PARM_DESC(unregister_async, "Unregister the hooks from a work item");

static int __init lsm_block_init(void)
{
	return register_security(lsm_block_hooks, ARRAY_SIZE(lsm_block_hooks),
				 KBUILD_MODNAME, THIS_MODULE);
}

static void __exit lsm_block_exit(void)
{
	if (skip_unregister) {
		pr_info("leaving hooks registered\n");
		return;
	}
	pr_info("unregistering\n");
	pr_info("unregister_security(): %d\n",
		unregister_security(lsm_block_hooks, THIS_MODULE));
	flush_work(&lsm_block_unregister_work);
}

module_init(lsm_block_init);
module_exit(lsm_block_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A loadable security module whose hook blocks");
MODULE_AUTHOR("LSM export kit");
