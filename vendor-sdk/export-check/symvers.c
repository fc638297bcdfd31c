// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * A kernel's Module.symvers.  Each line is
 *   0xCRC <TAB> symbol <TAB> module <TAB> EXPORT_SYMBOL[_GPL] <TAB> namespace
 * as scripts/mod/modpost.c writes it in 6.1.
 */

#include "symvers.h"
#include "file.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Debian's is 1.7 MB; a guard against reading something else whole. */
#define SYMVERS_MAX_SIZE ((size_t)256 << 20)

const char *symvers_owner_module(const char *owner)
{
	const char *slash = strrchr(owner, '/');

	return slash ? slash + 1 : owner;
}

static void index_exports(struct symvers *sv)
{
	size_t i, j;

	sv->n_slots = 16;
	while (sv->n_slots < sv->n * 2)
		sv->n_slots *= 2;
	sv->slots = xcalloc(sv->n_slots, sizeof(*sv->slots));
	for (i = 0; i < sv->n; i++) {
		j = hash_str(sv->exports[i].name) & (sv->n_slots - 1);
		while (sv->slots[j])
			j = (j + 1) & (sv->n_slots - 1);
		sv->slots[j] = i + 1;
	}
	/* The modules that export something, by name. */
	sv->owner_slots = xcalloc(sv->n_slots, sizeof(*sv->owner_slots));
	for (i = 0; i < sv->n; i++) {
		const char *m = symvers_owner_module(sv->exports[i].owner);

		j = modname_hash(m, (size_t)-1) & (sv->n_slots - 1);
		while (sv->owner_slots[j] &&
		       !modname_eq(m, (size_t)-1,
				   symvers_owner_module(sv->exports[sv->owner_slots[j] - 1].owner)))
			j = (j + 1) & (sv->n_slots - 1);
		if (!sv->owner_slots[j])
			sv->owner_slots[j] = i + 1;
	}
}

/* "0x" and 1 to 8 hex digits, as modpost writes a CRC. */
static int parse_crc(const char *s, uint32_t *crc)
{
	if (strncmp(s, "0x", 2) || !s[2] || strlen(s) > 10 ||
	    strspn(s + 2, "0123456789abcdefABCDEF") != strlen(s + 2))
		return -1;
	*crc = (uint32_t)strtoul(s + 2, NULL, 16);
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
		char *f[6];
		uint32_t crc;
		size_t n;

		lineno++;
		nl = memchr(line, '\n', (size_t)(end - line));
		if (nl)
			*nl = '\0';
		if (*line) {
			n = split_tabs(line, f, 6);
			if (n < 4 || n > 5 || parse_crc(f[0], &crc) ||
			    !*f[1] || !*f[2])
				return fail(err, errlen,
					    "line %zu: not \"0xCRC<TAB>symbol<TAB>module<TAB>type[<TAB>namespace]\"",
					    lineno);
			if (strcmp(f[3], "EXPORT_SYMBOL") != 0 &&
			    strcmp(f[3], "EXPORT_SYMBOL_GPL") != 0)
				return fail(err, errlen,
					    "line %zu: unknown export type \"%.40s\"",
					    lineno, f[3]);
			sv->exports = grow(sv->exports, sv->n, &cap,
					   sizeof(*sv->exports), 1024);
			sv->has_crcs |= crc != 0;
			sv->exports[sv->n++] = (struct export){
				.name = f[1],
				.crc = crc,
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
	index_exports(sv);
	return 0;
}

int symvers_load(const char *path, struct symvers *sv, char *err,
		 size_t errlen)
{
	char *text;
	size_t size;
	int r;

	*sv = (struct symvers){ 0 };
	if (file_read(path, SYMVERS_MAX_SIZE, &text, &size, err, errlen))
		return -1;
	r = symvers_parse(text, size, sv, err, errlen);
	if (r)
		symvers_free(sv);
	return r;
}

void symvers_free(struct symvers *sv)
{
	free(sv->text);
	free(sv->exports);
	free(sv->slots);
	free(sv->owner_slots);
	*sv = (struct symvers){ 0 };
}

const struct export *symvers_find(const struct symvers *sv, const char *name)
{
	size_t j, i;

	if (!sv->n_slots)
		return NULL;
	j = hash_str(name) & (sv->n_slots - 1);
	while ((i = sv->slots[j])) {
		if (strcmp(sv->exports[i - 1].name, name) == 0)
			return &sv->exports[i - 1];
		j = (j + 1) & (sv->n_slots - 1);
	}
	return NULL;
}

int symvers_has_module(const struct symvers *sv, const char *name, size_t len)
{
	size_t j, i;

	if (!sv->n_slots)
		return 0;
	j = modname_hash(name, len) & (sv->n_slots - 1);
	while ((i = sv->owner_slots[j])) {
		if (modname_eq(name, len, symvers_owner_module(sv->exports[i - 1].owner)))
			return 1;
		j = (j + 1) & (sv->n_slots - 1);
	}
	return 0;
}
