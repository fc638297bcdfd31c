// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* A growable list of formatted strings. */

#include "strlist.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strlist_addf(struct strlist *l, const char *fmt, ...)
{
	va_list ap;
	int len;

	l->s = grow(l->s, l->n, &l->cap, sizeof(*l->s), 4);
	va_start(ap, fmt);
	len = vasprintf(&l->s[l->n], fmt, ap);
	va_end(ap);
	if (len < 0)
		out_of_memory();
	l->n++;
}

void strlist_free(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->s[i]);
	free(l->s);
	*l = (struct strlist){ 0 };
}

int strlist_has(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->s[i], s) == 0)
			return 1;
	return 0;
}

char *strlist_some(char *const *s, size_t n)
{
	char *out = xstrdup(""), *more;
	size_t i;

	for (i = 0; i < n && i < 5; i++) {
		more = xasprintf("%s%s%s", out, i ? ", " : "", s[i]);
		free(out);
		out = more;
	}
	if (n > 5) {
		more = xasprintf("%s and %zu more", out, n - 5);
		free(out);
		out = more;
	}
	return out;
}
