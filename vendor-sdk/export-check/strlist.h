/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* A growable list of formatted strings. */
#ifndef EXPORT_CHECK_STRLIST_H
#define EXPORT_CHECK_STRLIST_H

#include <stddef.h>

#include "util.h"

struct strlist {
	char **s;
	size_t n, cap;
};

/* Append a printf-formatted string. */
void strlist_addf(struct strlist *l, const char *fmt, ...) __printf(2, 3);
void strlist_free(struct strlist *l);
/* True if some string of L is S. */
int strlist_has(const struct strlist *l, const char *s);
/* The first five of the N strings S, joined, then how many more; free() it. */
char *strlist_some(char *const *s, size_t n);

#endif
