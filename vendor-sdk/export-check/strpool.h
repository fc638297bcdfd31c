/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * Strings that live as long as their pool: a parsed module copies what it
 * keeps out of its file, so that the file can be freed at once.
 */
#ifndef EXPORT_CHECK_STRPOOL_H
#define EXPORT_CHECK_STRPOOL_H

#include <stddef.h>

struct strpool_chunk;

struct strpool {
	struct strpool_chunk *chunks;
};

/* A copy of the N bytes at S, NUL-terminated; never moves. */
char *strpool_add(struct strpool *p, const char *s, size_t n);
const char *strpool_str(struct strpool *p, const char *s);
void strpool_free(struct strpool *p);

#endif
