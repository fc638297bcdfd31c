// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * gpl_lsm: the mkdir_deny policy of mkdir_deny.c under the GPL, which the
 * kernel treats as GPL-compatible: every export is available to it.
 */

#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example LSM: refuse mkdir of one name (GPL)");
MODULE_AUTHOR("LSM export kit");
