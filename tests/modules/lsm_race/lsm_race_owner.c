// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_race_owner: registers and unregisters its own hooks from one thread
 * per CPU while hooks run and while it unloads, and offers one array to
 * lsm_race, which may not register it.  A thread stopped between its
 * register and unregister leaves its array registered: the kernel removes
 * it as the module goes.  Its hook sleeps "hook_delay_ms" in a mkdir of
 * "race-*", to hold a hook call open while the module unloads.  At unload
 * it prints how often each outcome happened.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "lsm_race.h"

#define OWNER_THREADS	4

static struct task_struct *threads[OWNER_THREADS];
static atomic_t registered, going, left, other, slept;

static uint hook_delay_ms;
module_param(hook_delay_ms, uint, 0444);
MODULE_PARM_DESC(hook_delay_ms, "How long the hook sleeps in a mkdir of race-*");

static int lsm_race_owner_mkdir(struct inode *dir, struct dentry *dentry,
				umode_t mode)
{
	if (hook_delay_ms && !strncmp(dentry->d_name.name, "race-", 5)) {
		atomic_inc(&slept);
		msleep(hook_delay_ms);
	}
	return 0;
}

static struct lsm_loadable_hook owner_hooks[OWNER_THREADS][1] = {
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_owner_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_owner_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_owner_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_owner_mkdir) },
};

static const char *const owner_names[OWNER_THREADS] = {
	"lsm_race_owner0", "lsm_race_owner1", "lsm_race_owner2",
	"lsm_race_owner3",
};

static int lsm_race_owner_thread(void *data)
{
	long i = (long)data;
	int rc;

	while (!kthread_should_stop()) {
		rc = register_security(owner_hooks[i], 1, owner_names[i],
				       THIS_MODULE);
		if (rc) {
			/* -ENODEV: unloading, until the exit stops the thread. */
			atomic_inc(rc == -ENODEV ? &going : &other);
			cond_resched();
			continue;
		}
		atomic_inc(&registered);
		if (kthread_should_stop()) {
			atomic_inc(&left);
			break;
		}
		if (unregister_security(owner_hooks[i], THIS_MODULE))
			atomic_inc(&other);
		cond_resched();
	}
	return 0;
}

static int __init lsm_race_owner_init(void)
{
	long i, n = min_t(int, num_online_cpus(), OWNER_THREADS);

	for (i = 0; i < n; i++) {
		threads[i] = kthread_run(lsm_race_owner_thread, (void *)i,
					 "%s", owner_names[i]);
		if (IS_ERR(threads[i])) {
			threads[i] = NULL;
			break;
		}
	}
	lsm_race_offer(owner_hooks[0]);
	return 0;
}

static void __exit lsm_race_owner_exit(void)
{
	int i;

	lsm_race_offer(NULL);
	for (i = 0; i < OWNER_THREADS; i++)
		if (threads[i])
			kthread_stop(threads[i]);
	pr_info("registered %d going %d left %d other %d slept %d\n",
		atomic_read(&registered), atomic_read(&going),
		atomic_read(&left), atomic_read(&other), atomic_read(&slept));
}

module_init(lsm_race_owner_init);
module_exit(lsm_race_owner_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Registers its own LSM hooks from every CPU as it loads and unloads");
MODULE_AUTHOR("LSM export kit");
