// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * static_key_flip: one thread flips a static key on and off while another
 * runs the branch it guards, for "seconds", then reports the counts.  No
 * LSM involved: it tells whether the emulator runs code another CPU has
 * patched correctly, which every static key (patch 0002's too) relies on.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jump_label.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static uint seconds = 10;
module_param(seconds, uint, 0444);
MODULE_PARM_DESC(seconds, "How long to flip the key");

static DEFINE_STATIC_KEY_FALSE(flip_key);
static unsigned long flips, runs, hits;

static noinline void static_key_flip_site(void)
{
	if (static_branch_unlikely(&flip_key))
		hits++;
	runs++;
}

static int static_key_flip_runner(void *data)
{
	int i;

	while (!kthread_should_stop()) {
		for (i = 0; i < 1000; i++)
			static_key_flip_site();
		cond_resched();
	}
	return 0;
}

static int __init static_key_flip_init(void)
{
	unsigned long end = jiffies + seconds * HZ;
	struct task_struct *runner;

	runner = kthread_run(static_key_flip_runner, NULL, "static_key_runner");
	if (IS_ERR(runner))
		return PTR_ERR(runner);
	while (time_before(jiffies, end)) {
		static_branch_enable(&flip_key);
		static_branch_disable(&flip_key);
		flips++;
		cond_resched();
	}
	kthread_stop(runner);
	pr_info("flips %lu runs %lu hits %lu\n", flips, runs, hits);
	return 0;
}

static void __exit static_key_flip_exit(void)
{
}

module_init(static_key_flip_init);
module_exit(static_key_flip_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Flips a static key while another CPU runs its site");
MODULE_AUTHOR("LSM export kit");
