// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * gpl_importer: a GPL module that uses a GPL-only symbol and also a symbol
 * from the proprietary prop_exporter.  Since 5.9 the loader refuses it,
 * closing the door a GPL module could otherwise hold open between the two.
 * How depends on which symbol it resolves first: after the GPL-only one,
 * "module using GPL-only symbols uses symbols from proprietary module";
 * after prop_helper (as here), it inherits taint P and is then refused the
 * GPL-only symbol as unknown.
 */

#include <linux/module.h>
#include <linux/security.h>

#include "prop_exporter.h"

static int __init gpl_importer_init(void)
{
	securityfs_remove(NULL);
	return prop_helper(0) == 1 ? 0 : -EINVAL;
}

static void __exit gpl_importer_exit(void)
{
}

module_init(gpl_importer_init);
module_exit(gpl_importer_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example: GPL-only symbols and a proprietary module's symbol");
MODULE_AUTHOR("LSM export kit");
