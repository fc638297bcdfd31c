// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * harness_fault: fails on purpose when loaded, so the tests can check that
 * the QEMU harness reports a broken guest as broken.
 *
 *   insmod harness_fault.ko mode=oops          NULL pointer dereference in init
 *   insmod harness_fault.ko mode=kthread-oops  load normally; half a second
 *                                              later a kernel thread of its
 *                                              own dereferences NULL
 *   insmod harness_fault.ko mode=panic         panic()
 *   insmod harness_fault.ko mode=warn          WARN() and load normally
 *
 * The kthread-oops thread dies in its oops; the module is never unloaded.
 */

#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/string.h>

static char *mode = "warn";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "oops, kthread-oops, panic or warn");

static int harness_fault_thread(void *unused)
{
	int *nowhere = NULL;

	/* After insmod has returned: the guest goes on as if all were well. */
	msleep(500);
	return READ_ONCE(*nowhere);
}

static int __init harness_fault_init(void)
{
	int *nowhere = NULL;

	/* READ_ONCE(): the compiler must not drop the deliberate access. */
	if (!strcmp(mode, "oops"))
		return READ_ONCE(*nowhere);
	if (!strcmp(mode, "kthread-oops"))
		return PTR_ERR_OR_ZERO(kthread_run(harness_fault_thread, NULL,
						   "harness_fault"));
	if (!strcmp(mode, "panic"))
		panic("harness_fault: deliberate panic");
	if (!strcmp(mode, "warn")) {
		WARN(1, "harness_fault: deliberate warning");
		return 0;
	}
	return -EINVAL;
}

static void __exit harness_fault_exit(void)
{
}

module_init(harness_fault_init);
module_exit(harness_fault_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Deliberate faults for the kit's harness tests");
MODULE_AUTHOR("LSM export kit");
