// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What every part of the tool needs: an error line, memory that is there or
 * ends the program (one policy, one message), a growing array, hashing,
 * and module names compared as the kernel compares them.
 */

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

_Noreturn void out_of_memory(void)
{
	fputs("export-check: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p;

	n = strnlen(s, n);
	p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (r < 0)
		out_of_memory();
	return p;
}

void *grow(void *array, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t want;

	if (n < *cap)
		return array;
	want = *cap ? *cap * 2 : first;
	if (want < *cap || want > (size_t)-1 / size)
		out_of_memory();
	array = xrealloc(array, want * size);
	*cap = want;
	return array;
}
