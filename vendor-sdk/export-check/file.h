/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* Reading a whole file into memory: the one reader every input goes through. */
#ifndef EXPORT_CHECK_FILE_H
#define EXPORT_CHECK_FILE_H

#include <stddef.h>

/*
 * Read PATH into *DATA (*SIZE bytes, followed by a NUL so that text can be
 * read as a string; free() it).  Files longer than MAX bytes are refused.
 * Returns 0, or -1 with a one-line reason (no file name) in ERR.
 */
int file_read(const char *path, size_t max, char **data, size_t *size,
	      char *err, size_t errlen);

#endif
