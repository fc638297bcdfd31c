/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* What a module's ELF file says: its .modinfo and the symbols it imports. */
#ifndef EXPORT_CHECK_ELFMOD_H
#define EXPORT_CHECK_ELFMOD_H

#include <stddef.h>

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
};

struct elfmod {
	struct modinfo_entry *info;
	size_t n_info;
	struct module_import *imports;
	size_t n_imports;
	struct module_export *exports;
	size_t n_exports;
	int has_signature;	/* "~Module signature appended~" trailer */
	void *elf;		/* libelf handle; strings point into it */
};

/*
 * Parse the module image DATA (which must outlive M).  Returns 0, or -1
 * with a one-line reason in ERR for anything that is not a well-formed
 * 64-bit little-endian x86-64 relocatable object with a .modinfo section.
 */
int elfmod_parse(const unsigned char *data, size_t size, struct elfmod *m,
		 char *err, size_t errlen);
void elfmod_free(struct elfmod *m);

/* The value of the Nth (from 0) entry KEY, or NULL. */
const char *elfmod_info(const struct elfmod *m, const char *key, size_t n);
size_t elfmod_info_count(const struct elfmod *m, const char *key);

#endif
