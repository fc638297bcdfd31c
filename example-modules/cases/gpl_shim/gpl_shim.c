// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * gpl_shim: what not to do.  A GPL module that wraps the GPL-only LSM
 * registration and hands it to every module with plain EXPORT_SYMBOL, so
 * that a proprietary module (proprietary_via_shim) can register hooks on a
 * kernel that reserves that to GPL-compatible code.  The loader cannot see
 * intent and loads both; export-check warns.  Whether such a module is a
 * derived work is the question EXPORT_SYMBOL_GPL exists to flag.
 */

#include <linux/lsm_hooks.h>
#include <linux/module.h>

#include "gpl_shim.h"

/*
 * The caller passes its THIS_MODULE, which the shim hands on: the kernel
 * lets only the module holding the hooks register them.
 */
int shim_register_security(const struct lsm_loadable_hook *hooks, int count,
			   const char *lsm, struct module *owner)
{
	return register_security(hooks, count, lsm, owner);
}
EXPORT_SYMBOL(shim_register_security);

int shim_unregister_security(const struct lsm_loadable_hook *hooks,
			     struct module *owner)
{
	return unregister_security(hooks, owner);
}
EXPORT_SYMBOL(shim_unregister_security);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Example of what not to do: re-export GPL-only LSM registration");
MODULE_AUTHOR("LSM export kit");
