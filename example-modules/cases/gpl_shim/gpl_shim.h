/* SPDX-License-Identifier: GPL-2.0-only */
/* Copyright (C) 2026 The LSM export kit authors */
/* What gpl_shim exports to every module (see gpl_shim.c: what not to do). */
#ifndef GPL_SHIM_H
#define GPL_SHIM_H

#include <linux/lsm_hooks.h>

int shim_register_security(const struct lsm_loadable_hook *hooks, int count,
			   const char *lsm, struct module *owner);
int shim_unregister_security(const struct lsm_loadable_hook *hooks,
			     struct module *owner);

#endif
