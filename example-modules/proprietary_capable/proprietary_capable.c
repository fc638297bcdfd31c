// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * proprietary_capable: a module under a non-GPL licence that uses only
 * capable(), which the kernel exports to every module.
 *
 * Reading /sys/module/proprietary_capable/parameters/admin asks
 * capable(CAP_SYS_ADMIN) on behalf of the reader and answers Y or N.
 * The source is MIT so that it can stand in for a vendor's closed module.
 */

#include <linux/capability.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

/* With the vendor SDK: GPL-only exports become compile-time errors. */
#if __has_include("kit/gpl_guard.h")
#include <kit/gpl_guard.h>
#endif

static int admin_get(char *buffer, const struct kernel_param *kp)
{
	/* sysfs_emit() is GPL-only; scnprintf() is open to all modules. */
	return scnprintf(buffer, PAGE_SIZE, "%c\n",
			 capable(CAP_SYS_ADMIN) ? 'Y' : 'N');
}

static const struct kernel_param_ops admin_ops = {
	.get = admin_get,
};
module_param_cb(admin, &admin_ops, NULL, 0444);
MODULE_PARM_DESC(admin, "Y if the reader has CAP_SYS_ADMIN, else N");

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Example: a proprietary module that only calls capable()");
MODULE_AUTHOR("LSM export kit");
