// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* Reading a whole file into memory: the one reader every input goes through. */

#include "file.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int file_read(const char *path, size_t max, char **data, size_t *size,
	      char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	char *buf;

	*data = NULL;
	*size = 0;
	if (!f)
		return fail(err, errlen, "cannot open: %s", strerror(errno));
	buf = xmalloc(cap + 1);
	/* Read until EOF rather than trusting a size: pipes, /proc, growth. */
	for (;;) {
		if (n == cap) {
			if (cap > max) {
				free(buf);
				fclose(f);
				return fail(err, errlen, "larger than %zu MiB",
					    max >> 20);
			}
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f) || n > max) {
		int e = errno;

		free(buf);
		fclose(f);
		if (n > max)
			return fail(err, errlen, "larger than %zu MiB", max >> 20);
		return fail(err, errlen, "cannot read: %s", strerror(e));
	}
	fclose(f);
	buf[n] = '\0';
	*data = buf;
	*size = n;
	return 0;
}
