/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * One check of a set of modules against one kernel: each file read and
 * parsed once, the modules judged together in load order, the verdicts
 * printed in the order the files were given.
 */
#ifndef EXPORT_CHECK_RUN_H
#define EXPORT_CHECK_RUN_H

#include <stddef.h>
#include <stdio.h>

#include "json.h"
#include "kernel.h"
#include "verdict.h"

struct run_options {
	int json, verbose;
	struct verdict_options verdict;
};

/*
 * Check the N modules at PATHS against K, printing to OUT, or with
 * O->json writing one value into J (NULL without it); bad files get a
 * line on standard error.  Returns the exit status: 0 all load, 1 some
 * module is refused, 2 some file could not be read as a module.
 */
int run_check(const struct kernel *k, char *const *paths, size_t n,
	      const struct run_options *o, FILE *out, struct json *j);

#endif
