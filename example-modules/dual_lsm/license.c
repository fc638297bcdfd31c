// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * dual_lsm: the mkdir_deny policy of mkdir_deny.c under a dual BSD/GPL
 * licence, which the kernel treats as GPL-compatible.
 */

#include <linux/module.h>

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Example LSM: refuse mkdir of one name (dual BSD/GPL)");
MODULE_AUTHOR("LSM export kit");
