/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* A kernel's Module.symvers: every export, its type and namespace. */
#ifndef EXPORT_CHECK_SYMVERS_H
#define EXPORT_CHECK_SYMVERS_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"

struct export {
	const char *name;
	uint32_t crc;		/* 0 when the kernel has no CONFIG_MODVERSIONS */
	const char *owner;	/* "vmlinux" or the exporting module's path */
	const char *type;	/* EXPORT_SYMBOL or EXPORT_SYMBOL_GPL */
	const char *ns;		/* namespace, "" if none */
	int gpl_only;
};

struct symvers {
	char *text;		/* the file; the fields point into it */
	struct export *exports;
	size_t n;
	struct map by_symbol;	/* into exports */
	struct map by_owner;	/* into exports, by owner module */
	int has_crcs;		/* some CRC is not 0: CONFIG_MODVERSIONS */
};

/* Returns 0, or -1 with "line N: ..." or another reason in ERR. */
int symvers_load(const char *path, struct symvers *sv, char *err,
		 size_t errlen);
/*
 * Parse TEXT, SIZE bytes with a NUL at TEXT[SIZE]; SV takes it over, and
 * symvers_free() frees it, on failure too.
 */
int symvers_parse(char *text, size_t size, struct symvers *sv, char *err,
		  size_t errlen);
void symvers_free(struct symvers *sv);
const struct export *symvers_find(const struct symvers *sv, const char *name);
/* The module name of an owner: "drivers/gpu/drm/drm" is drm. */
const char *symvers_owner_module(const char *owner);
/*
 * True if the module NAME (its first LEN bytes; "snd-pcm" and snd_pcm are
 * one) exports something: a module of this kernel.
 */
int symvers_has_module(const struct symvers *sv, const char *name, size_t len);

#endif
