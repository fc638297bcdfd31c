// SPDX-License-Identifier: MIT
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * pair_user: the second module of a two-module package, under a
 * proprietary licence, which calls its sibling's pair_greet().  It loads
 * only after pair_provider (depends=pair_provider), and taints P.
 */

#include <linux/module.h>

#include "pair_provider.h"

static int __init pair_user_init(void)
{
	pair_greet("pair_user");
	return 0;
}

static void __exit pair_user_exit(void)
{
}

module_init(pair_user_init);
module_exit(pair_user_exit);

MODULE_LICENSE("Proprietary");
MODULE_DESCRIPTION("Uses a function of its sibling module");
MODULE_AUTHOR("LSM export kit");
