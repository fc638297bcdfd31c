// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_race: registrations of one module racing another module's own
 * registrations and its unload, and attempts to register that module's
 * hooks, which only their owner may do.
 *
 * One thread per CPU keeps registering and unregistering an array of this
 * module's own, and in between tries to register whatever array
 * lsm_race_owner has on offer, without holding a reference to it, while
 * the test loads and unloads lsm_race_owner (whose own threads register
 * and unregister its arrays meanwhile).  No attempt on the offered array
 * may succeed, nor touch it once its owner has gone.  At unload it prints
 * how often each outcome happened.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "lsm_race.h"

#define LSM_RACE_THREADS	4

static struct lsm_loadable_hook *offered;
static struct task_struct *threads[LSM_RACE_THREADS];
static atomic_t registered, going, refused, invalid, taken, other;

void lsm_race_offer(struct lsm_loadable_hook *hooks)
{
	WRITE_ONCE(offered, hooks);
}
EXPORT_SYMBOL_GPL(lsm_race_offer);

static int lsm_race_mkdir(struct inode *dir, struct dentry *dentry,
			  umode_t mode)
{
	return 0;
}

static struct lsm_loadable_hook own_hooks[LSM_RACE_THREADS][1] = {
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_mkdir) },
	{ LSM_LOADABLE_HOOK_INIT(inode_mkdir, lsm_race_mkdir) },
};

static const char *const thread_names[LSM_RACE_THREADS] = {
	"lsm_race0", "lsm_race1", "lsm_race2", "lsm_race3",
};

static int lsm_race_thread(void *data)
{
	long i = (long)data;
	struct lsm_loadable_hook *hooks;
	int rc;

	while (!kthread_should_stop()) {
		rc = register_security(own_hooks[i], 1, thread_names[i],
				       THIS_MODULE);
		if (rc == -ENODEV) {
			/* This module is unloading: its exit stops the thread. */
			atomic_inc(&going);
		} else if (rc) {
			atomic_inc(&other);
		} else {
			atomic_inc(&registered);
			if (unregister_security(own_hooks[i], THIS_MODULE))
				atomic_inc(&other);
		}

		hooks = READ_ONCE(offered);
		if (hooks) {
			rc = register_security(hooks, 1, "lsm_race_taken",
					       THIS_MODULE);
			if (!rc) {
				atomic_inc(&taken);
				unregister_security(hooks, THIS_MODULE);
			} else if (rc == -EPERM) {
				atomic_inc(&refused);
			} else if (rc == -EINVAL) {
				atomic_inc(&invalid);
			} else {
				atomic_inc(&other);
			}
		}
		cond_resched();
	}
	return 0;
}

static int __init lsm_race_init(void)
{
	long i, n = min_t(int, num_online_cpus(), LSM_RACE_THREADS);

	for (i = 0; i < n; i++) {
		threads[i] = kthread_run(lsm_race_thread, (void *)i, "%s",
					 thread_names[i]);
		if (IS_ERR(threads[i])) {
			threads[i] = NULL;
			break;
		}
	}
	pr_info("%ld threads on %u CPUs\n", i, num_online_cpus());
	return 0;
}

static void __exit lsm_race_exit(void)
{
	int i;

	for (i = 0; i < LSM_RACE_THREADS; i++)
		if (threads[i])
			kthread_stop(threads[i]);
	pr_info("registered %d going %d refused %d invalid %d taken %d other %d\n",
		atomic_read(&registered), atomic_read(&going),
		atomic_read(&refused), atomic_read(&invalid),
		atomic_read(&taken), atomic_read(&other));
}

module_init(lsm_race_init);
module_exit(lsm_race_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Races LSM registrations against another module's own and its unload");
MODULE_AUTHOR("LSM export kit");
