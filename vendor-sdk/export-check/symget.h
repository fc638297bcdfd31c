/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The names a module asks for with symbol_get(), read from its
 * relocations: symbol_get(x) is __symbol_get("x") (<linux/module.h>).
 */
#ifndef EXPORT_CHECK_SYMGET_H
#define EXPORT_CHECK_SYMGET_H

#include "elfmod.h"
#include "ksymtab.h"

/*
 * If M imports __symbol_get, set its symbol_gets (each name once, in the
 * order of the calls) and symbol_gets_unread (calls whose name is not a
 * string constant loaded just before them).  Returns 0, or -1 with a
 * reason in ERR.
 */
int symget_scan(const struct symtab *st, struct elfmod *m, char *err,
		size_t errlen);

#endif
