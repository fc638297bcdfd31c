// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Strings that live as long as their pool.  Chunks are never reallocated,
 * so the strings handed out stay where they are.
 */

#include "strpool.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK_SIZE ((size_t)16 << 10)

struct strpool_chunk {
	struct strpool_chunk *next;
	size_t used, cap;
	char data[];
};

char *strpool_add(struct strpool *p, const char *s, size_t n)
{
	struct strpool_chunk *c = p->chunks;
	char *out;

	if (!c || c->cap - c->used < n + 1) {
		size_t cap = n + 1 > CHUNK_SIZE ? n + 1 : CHUNK_SIZE;

		c = xmalloc(sizeof(*c) + cap);
		c->used = 0;
		c->cap = cap;
		c->next = p->chunks;
		p->chunks = c;
	}
	out = c->data + c->used;
	memcpy(out, s, n);
	out[n] = '\0';
	c->used += n + 1;
	return out;
}

const char *strpool_str(struct strpool *p, const char *s)
{
	return strpool_add(p, s, strlen(s));
}

void strpool_free(struct strpool *p)
{
	while (p->chunks) {
		struct strpool_chunk *next = p->chunks->next;

		free(p->chunks);
		p->chunks = next;
	}
}
