// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * no_license: a module with no MODULE_LICENSE() at all.  modpost stops the
 * build ("missing MODULE_LICENSE()"); a binary without the tag that reached
 * a kernel anyway would be read as "unspecified": taint P, no GPL-only
 * symbols (the matrix's "none" probes show it).
 */

#include <linux/capability.h>
#include <linux/module.h>

static int __init no_license_init(void)
{
	return capable(CAP_SYS_ADMIN) ? 0 : -EPERM;
}

static void __exit no_license_exit(void)
{
}

module_init(no_license_init);
module_exit(no_license_exit);

MODULE_DESCRIPTION("Example: no MODULE_LICENSE");
MODULE_AUTHOR("LSM export kit");
