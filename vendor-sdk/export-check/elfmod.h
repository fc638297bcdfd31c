/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What a module's ELF file says: its .modinfo, the symbols it imports and
 * exports, its symbol versions, what its exported functions call.  Parsed
 * once; the result owns copies of its strings, so the file can go at once.
 */
#ifndef EXPORT_CHECK_ELFMOD_H
#define EXPORT_CHECK_ELFMOD_H

#include <stddef.h>
#include <stdint.h>

#include "strpool.h"

/* One NUL-terminated string of .modinfo, normally "key=value". */
struct modinfo_entry {
	const char *text;	/* the whole string */
	size_t key_len;		/* up to '=', or the whole string if none */
	const char *value;	/* after '=', or NULL if there is no '=' */
};

struct module_import {
	const char *name;
	int weak;
};

/* A symbol the module exports itself (EXPORT_SYMBOL in the module). */
struct module_export {
	const char *name;
	int gpl_only;
	int has_crc;		/* __crc_<name>: built with CONFIG_MODVERSIONS */
	uint32_t crc;
	const char *ns;		/* its namespace, "" if none */
	/*
	 * For a function exported with plain EXPORT_SYMBOL: the undefined
	 * symbols its code refers to (the compiler's own helpers, such as
	 * __fentry__ and the retpoline thunks, left out), and whether it also
	 * refers to anything of the module's own, code or data.
	 */
	int is_function;
	const char **calls;
	size_t n_calls;
	int own_refs;
};

/* An entry of __versions: the CRC the module was built against. */
struct module_version {
	const char *name;
	uint64_t crc;
};

struct elfmod {
	struct modinfo_entry *info;
	size_t n_info;
	struct module_import *imports;	/* in symbol-table order */
	size_t n_imports;
	struct module_export *exports;
	size_t n_exports;
	struct module_version *versions;	/* sorted by name */
	size_t n_versions;
	int has_versions;	/* a __versions section, even an empty one */
	char **depends;		/* depends=, split at commas */
	size_t n_depends;
	int has_signature;	/* "~Module signature appended~" trailer */
	size_t this_module_size;	/* of .gnu.linkonce.this_module, 0 if none */
	const char **symbol_gets;	/* names passed to symbol_get() */
	size_t n_symbol_gets;
	size_t symbol_gets_unread;	/* calls whose name is not a constant */
	struct strpool pool;	/* every string above */
};

/*
 * Parse the module image DATA.  Returns 0, or -1 with a one-line reason in
 * ERR for anything that is not a well-formed 64-bit little-endian x86-64
 * relocatable object with a .modinfo section.  M does not point into DATA.
 */
int elfmod_parse(const unsigned char *data, size_t size, struct elfmod *m,
		 char *err, size_t errlen);
void elfmod_free(struct elfmod *m);

/* The value of the Nth (from 0) entry KEY, or NULL. */
const char *elfmod_info(const struct elfmod *m, const char *key, size_t n);
size_t elfmod_info_count(const struct elfmod *m, const char *key);
/* The __versions entry for NAME, or NULL. */
const struct module_version *elfmod_version(const struct elfmod *m,
					    const char *name);

#endif
