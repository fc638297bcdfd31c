// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * A kernel's Module.symvers.  Each line is
 *   0xCRC <TAB> symbol <TAB> module <TAB> EXPORT_SYMBOL[_GPL] <TAB> namespace
 * as scripts/mod/modpost.c writes it in 6.1.
 */

#include "symvers.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static int index_exports(struct symvers *sv)
{
	size_t i, j;

	sv->n_slots = 16;
	while (sv->n_slots < sv->n * 2)
		sv->n_slots *= 2;
	sv->slots = calloc(sv->n_slots, sizeof(*sv->slots));
	if (!sv->slots)
		return -1;
	for (i = 0; i < sv->n; i++) {
		j = hash(sv->exports[i].name) & (sv->n_slots - 1);
		while (sv->slots[j])
			j = (j + 1) & (sv->n_slots - 1);
		sv->slots[j] = i + 1;
	}
	return 0;
}

/* Split LINE at tabs into at most MAX fields; returns how many. */
static size_t split_tabs(char *line, char **field, size_t max)
{
	size_t n = 0;

	field[n++] = line;
	while (n < max && (line = strchr(line, '\t'))) {
		*line++ = '\0';
		field[n++] = line;
	}
	return n;
}

int symvers_parse(char *text, size_t size, struct symvers *sv, char *err,
		  size_t errlen)
{
	size_t lineno = 0, cap = 0;
	char *line = text, *end = text + size, *nl;

	*sv = (struct symvers){ .text = text };
	if (memchr(text, '\0', size))
		return fail(err, errlen, "contains a NUL byte, not a text file");
	while (line < end) {
		struct export *more;
		char *f[6];
		size_t n;

		lineno++;
		nl = memchr(line, '\n', (size_t)(end - line));
		if (nl)
			*nl = '\0';
		if (*line) {
			n = split_tabs(line, f, 6);
			if (n < 4 || n > 5 || strncmp(f[0], "0x", 2) != 0 ||
			    !*f[1] || !*f[2])
				return fail(err, errlen,
					    "line %zu: not \"0xCRC<TAB>symbol<TAB>module<TAB>type[<TAB>namespace]\"",
					    lineno);
			if (strcmp(f[3], "EXPORT_SYMBOL") != 0 &&
			    strcmp(f[3], "EXPORT_SYMBOL_GPL") != 0)
				return fail(err, errlen,
					    "line %zu: unknown export type \"%.40s\"",
					    lineno, f[3]);
			more = grow(sv->exports, sv->n, &cap, sizeof(*more), 1024);
			if (!more)
				return fail(err, errlen, "out of memory");
			sv->exports = more;
			sv->exports[sv->n++] = (struct export){
				.name = f[1],
				.owner = f[2],
				.type = f[3],
				.ns = n == 5 ? f[4] : "",
				.gpl_only = strcmp(f[3], "EXPORT_SYMBOL_GPL") == 0,
			};
		}
		if (!nl)
			break;
		line = nl + 1;
	}
	if (sv->n == 0)
		return fail(err, errlen, "lists no exports");
	if (index_exports(sv))
		return fail(err, errlen, "out of memory");
	return 0;
}

int symvers_load(const char *path, struct symvers *sv, char *err,
		 size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long size;
	int r;

	*sv = (struct symvers){ 0 };
	if (!f)
		return fail(err, errlen, "cannot open: %s", strerror(errno));
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return fail(err, errlen, "cannot read: %s", strerror(errno));
	}
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
		free(text);
		fclose(f);
		return fail(err, errlen, "cannot read: %s", strerror(errno));
	}
	fclose(f);
	text[size] = '\0';
	r = symvers_parse(text, (size_t)size, sv, err, errlen);
	if (r)
		symvers_free(sv);
	return r;
}

void symvers_free(struct symvers *sv)
{
	free(sv->text);
	free(sv->exports);
	free(sv->slots);
	*sv = (struct symvers){ 0 };
}

const struct export *symvers_find(const struct symvers *sv, const char *name)
{
	size_t j, i;

	if (!sv->n_slots)
		return NULL;
	j = hash(name) & (sv->n_slots - 1);
	while ((i = sv->slots[j])) {
		if (strcmp(sv->exports[i - 1].name, name) == 0)
			return &sv->exports[i - 1];
		j = (j + 1) & (sv->n_slots - 1);
	}
	return NULL;
}
