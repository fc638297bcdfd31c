// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* The two helpers every reader here needs: an error line, a growing array. */

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

void *grow(void *array, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t want;

	if (n < *cap)
		return array;
	want = *cap ? *cap * 2 : first;
	if (want < *cap || want > (size_t)-1 / size)
		return NULL;
	array = realloc(array, want * size);
	if (array)
		*cap = want;
	return array;
}
