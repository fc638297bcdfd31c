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

static const char *export_name(const void *e, size_t i)
{
	return ((const struct export *)e)[i].name;
}

static const char *export_owner(const void *e, size_t i)
{
	return symvers_owner_module(((const struct export *)e)[i].owner);
}

static void index_exports(struct symvers *sv)
{
	map_init(&sv->by_symbol, MAP_SYMBOLS, sv->exports, sv->n, export_name);
	/* The modules that export something, by name. */
	map_init(&sv->by_owner, MAP_MODULES, sv->exports, sv->n, export_owner);
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
	map_free(&sv->by_symbol);
	map_free(&sv->by_owner);
	*sv = (struct symvers){ 0 };
}

const struct export *symvers_find(const struct symvers *sv, const char *name)
{
	long i = map_find(&sv->by_symbol, name, (size_t)-1);

	return i < 0 ? NULL : &sv->exports[i];
}

int symvers_has_module(const struct symvers *sv, const char *name, size_t len)
{
	return map_find(&sv->by_owner, name, len) >= 0;
}
