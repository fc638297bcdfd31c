/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The two helpers every reader here needs: an error line, a growing array. */
#ifndef EXPORT_CHECK_UTIL_H
#define EXPORT_CHECK_UTIL_H

#include <stddef.h>

/* Format a one-line reason into ERR (ERRLEN bytes).  Returns -1. */
int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Room for element N of ARRAY (elements of SIZE bytes, *CAP allocated,
 * doubling from FIRST): returns the array, moved if need be, or NULL with
 * ARRAY untouched if memory is short.
 */
void *grow(void *array, size_t n, size_t *cap, size_t size, size_t first);

#endif
