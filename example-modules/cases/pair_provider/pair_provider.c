// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * pair_provider: the first module of a two-module package, which exports
 * pair_greet() with plain EXPORT_SYMBOL for its sibling, pair_user.  The
 * loader resolves the sibling's import only once this one is loaded.
 */

#include <linux/module.h>
#include <linux/printk.h>

#include "pair_provider.h"

void pair_greet(const char *who)
{
	pr_info("pair_provider: hello, %s\n", who);
}
EXPORT_SYMBOL(pair_greet);

static int __init pair_provider_init(void)
{
	return 0;
}

static void __exit pair_provider_exit(void)
{
}

module_init(pair_provider_init);
module_exit(pair_provider_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Exports a function to its sibling module");
MODULE_AUTHOR("LSM export kit");
