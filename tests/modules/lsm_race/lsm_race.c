// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_race: registers another module's hooks while that module is being
 * unloaded.
 *
 * lsm_race_owner hands its hook array to lsm_race_offer() when it loads and
 * takes it back when it unloads.  One thread per CPU keeps registering and
 * unregistering whatever array is on offer, without holding a reference to
 * its owner, while the test loads and unloads the owner: a registration
 * races the owner's unload, and register_security() must neither use the
 * owner's memory after it is freed nor leave hooks in it.  At unload it
 * prints how often each outcome happened.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/sched.h>

#define LSM_RACE_THREADS	4

static struct security_hook_list *offered;
static struct task_struct *threads[LSM_RACE_THREADS];
static atomic_t registered, busy, going, invalid, other;

void lsm_race_offer(struct security_hook_list *hooks)
{
	WRITE_ONCE(offered, hooks);
}
EXPORT_SYMBOL_GPL(lsm_race_offer);

static int lsm_race_thread(void *data)
{
	struct security_hook_list *hooks;
	int rc;

	while (!kthread_should_stop()) {
		hooks = READ_ONCE(offered);
		if (!hooks) {
			cond_resched();
			continue;
		}
		rc = register_security(hooks, 1, data);
		if (!rc) {
			atomic_inc(&registered);
			unregister_security(hooks);
		} else if (rc == -EBUSY || rc == -EEXIST) {
			atomic_inc(&busy);
		} else if (rc == -ENODEV) {
			atomic_inc(&going);
		} else if (rc == -EINVAL) {
			atomic_inc(&invalid);
		} else {
			atomic_inc(&other);
		}
		cond_resched();
	}
	return 0;
}

static const char *const thread_names[LSM_RACE_THREADS] = {
	"lsm_race0", "lsm_race1", "lsm_race2", "lsm_race3",
};

static int __init lsm_race_init(void)
{
	int i, n = min_t(int, num_online_cpus(), LSM_RACE_THREADS);

	for (i = 0; i < n; i++) {
		threads[i] = kthread_run(lsm_race_thread, (void *)thread_names[i],
					 "%s", thread_names[i]);
		if (IS_ERR(threads[i])) {
			threads[i] = NULL;
			break;
		}
	}
	pr_info("%d threads on %u CPUs\n", i, num_online_cpus());
	return 0;
}

static void __exit lsm_race_exit(void)
{
	int i;

	for (i = 0; i < LSM_RACE_THREADS; i++)
		if (threads[i])
			kthread_stop(threads[i]);
	pr_info("registered %d busy %d going %d invalid %d other %d\n",
		atomic_read(&registered), atomic_read(&busy),
		atomic_read(&going), atomic_read(&invalid),
		atomic_read(&other));
}

module_init(lsm_race_init);
module_exit(lsm_race_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Registers another module's LSM hooks while it unloads");
MODULE_AUTHOR("LSM export kit");
