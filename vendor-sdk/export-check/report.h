/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* Printing verdicts: text for people, JSON for programs. */
#ifndef EXPORT_CHECK_REPORT_H
#define EXPORT_CHECK_REPORT_H

#include <stdio.h>

#include "json.h"
#include "kernel.h"
#include "order.h"
#include "verdict.h"

void report_text(FILE *out, const char *path, const struct verdict *v,
		 int verbose);
/* "load order: a b c", if the run's modules depend on each other. */
void report_text_order(FILE *out, const struct peers *ps,
		       const struct load_order *o);

/*
 * The JSON of a check against one kernel: begin, each module, end, as one
 * value of J, whose document the caller finishes.  Its "schema" names its
 * layout, results/schemas/export-check.schema.json; a change that breaks
 * a reader of the old layout takes a new number.  A check against several
 * kernels is one document of REPORT_KERNELS_SCHEMA
 * (export-check-kernels.schema.json): {"name", "check"} for each kernel.
 */
#define REPORT_SCHEMA "export-check/1"
#define REPORT_KERNELS_SCHEMA "export-check-kernels/1"

void report_json_begin(struct json *j, const struct kernel *k,
		       const struct verdict_options *opts);
void report_json_module(struct json *j, const char *path,
			const struct elfmod *m, const struct verdict *v);
/* A file given that is no module it can read: its entry names the error. */
void report_json_bad_file(struct json *j, const char *path, const char *error);
void report_json_end(struct json *j, const struct peers *ps,
		     const struct load_order *o);

/* "loads", "loads, taints P O", "refused" or "refused, taints O". */
void verdict_summary(const struct verdict *v, char *buf, size_t len);

#endif
