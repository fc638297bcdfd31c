/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The LSM permission table: who may use each export of the LSM code. */
#ifndef EXPORT_CHECK_TABLE_H
#define EXPORT_CHECK_TABLE_H

/*
 * ARGS are NAME=DIR kernel build trees.  Prints a Markdown table, or JSON,
 * of every export defined in security/ and kernel/capability.c: export
 * type, namespace, defining file, and whether a non-GPL module may use it,
 * per kernel, marking the symbols whose status differs.  Returns an exit
 * status.
 */
int table_main(int nargs, char **args, int json);

#endif
