/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* Reading a module file into memory, decompressing .xz, .gz and .zst. */
#ifndef EXPORT_CHECK_MODFILE_H
#define EXPORT_CHECK_MODFILE_H

#include <stddef.h>

/* Decompressed modules larger than this are refused, as a guard. */
#define MODFILE_MAX_SIZE ((size_t)512 << 20)

struct modfile {
	unsigned char *data;
	size_t size;
};

/*
 * Read PATH, decompressing it according to its suffix.  Returns 0, or -1
 * with a one-line reason (no file name) in ERR.
 */
int modfile_read(const char *path, struct modfile *out, char *err,
		 size_t errlen);
void modfile_free(struct modfile *m);

/* True if NAME ends in .ko, .ko.xz, .ko.gz or .ko.zst. */
int modfile_is_module_name(const char *name);

#endif
