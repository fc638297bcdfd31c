/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* Printing verdicts: text for people, JSON for programs. */
#ifndef EXPORT_CHECK_REPORT_H
#define EXPORT_CHECK_REPORT_H

#include <stdio.h>

#include "kernel.h"
#include "verdict.h"

void report_text(FILE *out, const char *path, const struct verdict *v,
		 int verbose);
void report_json_begin(FILE *out, const struct kernel *k);
void report_json_module(FILE *out, const char *path, const struct verdict *v,
			int first);
void report_json_end(FILE *out);
/* A JSON string literal of S (quotes included); NULL prints null. */
void json_string(FILE *out, const char *s);
/* "loads", "loads, taints P O" or "refused". */
void verdict_summary(const struct verdict *v, char *buf, size_t len);

#endif
