// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * prop_exporter: a proprietary module that exports a helper to other
 * modules.  gpl_importer uses it.
 */

#include <linux/module.h>

#include "prop_exporter.h"

int prop_helper(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(prop_helper);

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Example: a proprietary module exporting a symbol");
MODULE_AUTHOR("LSM export kit");
