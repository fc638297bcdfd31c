/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The LSM permission table: who may use each export of the LSM code. */
#ifndef EXPORT_CHECK_TABLE_H
#define EXPORT_CHECK_TABLE_H

#include "cli.h"

/*
 * C's operands are NAME=DIR kernels: built trees, or, given --source
 * NAME=SRC, any directory with the kernel's Module.symvers.  Prints a
 * Markdown table, or JSON, of every export defined in security/ and
 * kernel/capability.c: export type, namespace, defining file, exporting
 * module, and whether a non-GPL module may use it, per kernel, marking the
 * symbols whose status differs.  --also names global symbols of those
 * files to list as well, exported or not: a symbol that no kernel exports
 * is one no module can link.  Returns an exit status.
 */
/* The JSON's "schema": results/schemas/export-check-table.schema.json. */
#define TABLE_SCHEMA "export-check-table/1"

int table_main(const struct cli *c);

#endif
