// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * kit_counter: as it loads, makes a CPU-wide software counter on CPU 0 as
 * the hard-lockup detector makes its own (kernel/watchdog_hld.c), once
 * from a kernel thread and once from the task that loads it, and releases
 * both.  What perf_event_create_kernel_counter() answered, 0 or an error
 * code, is left in the parameters from_kthread and from_insmod.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>

static int from_kthread = 1;
module_param(from_kthread, int, 0444);
MODULE_PARM_DESC(from_kthread, "The answer to the kernel thread: 0 or an error code");

static int from_insmod = 1;
module_param(from_insmod, int, 0444);
MODULE_PARM_DESC(from_insmod, "The answer to the loading task: 0 or an error code");

static struct perf_event_attr kit_counter_attr = {
	.type = PERF_TYPE_SOFTWARE,
	.config = PERF_COUNT_SW_CPU_CLOCK,
	.size = sizeof(struct perf_event_attr),
	.disabled = 1,
};

static int kit_counter_make(void)
{
	struct perf_event *event;

	event = perf_event_create_kernel_counter(&kit_counter_attr, 0, NULL,
						 NULL, NULL);
	if (IS_ERR(event))
		return PTR_ERR(event);
	perf_event_release_kernel(event);
	return 0;
}

static DECLARE_COMPLETION(kit_counter_done);

static int kit_counter_thread(void *unused)
{
	from_kthread = kit_counter_make();
	complete(&kit_counter_done);
	return 0;
}

static int __init kit_counter_init(void)
{
	struct task_struct *thread;

	thread = kthread_run(kit_counter_thread, NULL, "kit_counter");
	if (IS_ERR(thread))
		return PTR_ERR(thread);
	wait_for_completion(&kit_counter_done);
	from_insmod = kit_counter_make();
	pr_info("from a kernel thread: %d, from insmod: %d\n", from_kthread,
		from_insmod);
	return 0;
}

static void __exit kit_counter_exit(void)
{
}

module_init(kit_counter_init);
module_exit(kit_counter_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Makes a CPU-wide counter from a kernel thread and from insmod");
