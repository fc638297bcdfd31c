// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* A growable list of formatted strings. */

#include "strlist.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(void)
{
	fputs("export-check: error: out of memory\n", stderr);
	exit(2);
}

void strlist_addf(struct strlist *l, const char *fmt, ...)
{
	char **more;
	va_list ap;
	int len;

	more = realloc(l->s, (l->n + 1) * sizeof(*more));
	if (!more)
		out_of_memory();
	l->s = more;
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
