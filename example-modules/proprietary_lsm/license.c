// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * proprietary_lsm: the mkdir_deny policy of mkdir_deny.c under a licence
 * string the kernel does not treat as GPL-compatible.  The source is MIT so
 * that it can stand in for a vendor's closed module: the kernel sees only
 * the string below.
 */

#include <linux/module.h>

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Example LSM: refuse mkdir of one name (proprietary)");
MODULE_AUTHOR("LSM export kit");
