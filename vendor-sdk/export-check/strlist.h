/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* A growable list of formatted strings. */
#ifndef EXPORT_CHECK_STRLIST_H
#define EXPORT_CHECK_STRLIST_H

#include <stddef.h>

struct strlist {
	char **s;
	size_t n;
};

/* Append a printf-formatted string; aborts the program if memory runs out. */
void strlist_addf(struct strlist *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strlist_free(struct strlist *l);

#endif
