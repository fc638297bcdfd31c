// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Reading a module file into memory, decompressing .xz, .gz and .zst.
 * Not libkmod's: it reads a module (decompression, .modinfo, __versions,
 * its dependency symbols) but gives no image, and the loader's stages need
 * the bytes, for libelf (the symbol table, __ksymtab*, relocations) and
 * for the signature trailer.  Its answers for .modinfo and __versions
 * would cost each module a second read and decompression, so the kit
 * checks this reader against kmod's tools instead (t_sdk_reads_as_kmod).
 */

#include "modfile.h"
#include "file.h"
#include "util.h"

#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

int modfile_is_module_name(const char *name)
{
	return ends_with(name, ".ko") || ends_with(name, ".ko.xz") ||
	       ends_with(name, ".ko.gz") || ends_with(name, ".ko.zst");
}

/* Grow OUT as a decompressor needs more room; -1 past the size guard. */
static int grow_output(struct modfile *out, size_t *cap)
{
	size_t want = *cap ? *cap * 2 : 1 << 20;

	if (*cap >= MODFILE_MAX_SIZE)
		return -1;
	out->data = xrealloc(out->data, want);
	*cap = want;
	return 0;
}

static int unxz(const struct modfile *in, struct modfile *out, char *err,
		size_t errlen)
{
	lzma_stream s = LZMA_STREAM_INIT;
	size_t cap = 0;
	lzma_ret r;

	if (lzma_stream_decoder(&s, UINT64_MAX, 0) != LZMA_OK)
		return fail(err, errlen, "cannot start the xz decoder");
	s.next_in = in->data;
	s.avail_in = in->size;
	do {
		if (s.avail_out == 0) {
			if (grow_output(out, &cap)) {
				lzma_end(&s);
				return fail(err, errlen, "xz: output too large");
			}
			s.next_out = out->data + out->size;
			s.avail_out = cap - out->size;
		}
		r = lzma_code(&s, LZMA_FINISH);
		out->size = cap - s.avail_out;
	} while (r == LZMA_OK);
	lzma_end(&s);
	if (r != LZMA_STREAM_END)
		return fail(err, errlen, "not valid xz data (error %d)", r);
	return 0;
}

static int ungz(const struct modfile *in, struct modfile *out, char *err,
		size_t errlen)
{
	z_stream s = { 0 };
	size_t cap = 0;
	int r;

	/* 16 + MAX_WBITS: a gzip header, not a zlib one. */
	if (inflateInit2(&s, 16 + MAX_WBITS) != Z_OK)
		return fail(err, errlen, "cannot start the gzip decoder");
	s.next_in = in->data;
	s.avail_in = in->size > UINT32_MAX ? UINT32_MAX : in->size;
	do {
		if (s.avail_out == 0) {
			if (grow_output(out, &cap)) {
				inflateEnd(&s);
				return fail(err, errlen, "gzip: output too large");
			}
			s.next_out = out->data + out->size;
			s.avail_out = cap - out->size;
		}
		r = inflate(&s, Z_NO_FLUSH);
		out->size = cap - s.avail_out;
	} while (r == Z_OK);
	inflateEnd(&s);
	if (r != Z_STREAM_END)
		return fail(err, errlen, "not valid gzip data (error %d)", r);
	return 0;
}

static int unzstd(const struct modfile *in, struct modfile *out, char *err,
		  size_t errlen)
{
	ZSTD_DStream *s = ZSTD_createDStream();
	ZSTD_inBuffer src = { in->data, in->size, 0 };
	size_t cap = 0, r = 1;

	if (!s)
		return fail(err, errlen, "cannot start the zstd decoder");
	while (r != 0) {
		ZSTD_outBuffer dst;

		if (out->size == cap && grow_output(out, &cap)) {
			ZSTD_freeDStream(s);
			return fail(err, errlen, "zstd: output too large");
		}
		dst = (ZSTD_outBuffer){ out->data, cap, out->size };
		r = ZSTD_decompressStream(s, &dst, &src);
		out->size = dst.pos;
		if (ZSTD_isError(r)) {
			ZSTD_freeDStream(s);
			return fail(err, errlen, "not valid zstd data (%s)",
				    ZSTD_getErrorName(r));
		}
		if (r != 0 && src.pos == src.size && dst.pos < dst.size) {
			ZSTD_freeDStream(s);
			return fail(err, errlen, "zstd: truncated data");
		}
	}
	ZSTD_freeDStream(s);
	return 0;
}

int modfile_read(const char *path, struct modfile *out, char *err,
		 size_t errlen)
{
	struct modfile raw = { 0 };
	int (*decode)(const struct modfile *, struct modfile *, char *,
		      size_t) = NULL;
	char *data;
	int r;

	*out = (struct modfile){ 0 };
	if (ends_with(path, ".xz"))
		decode = unxz;
	else if (ends_with(path, ".gz"))
		decode = ungz;
	else if (ends_with(path, ".zst"))
		decode = unzstd;
	if (file_read(path, MODFILE_MAX_SIZE, &data, &raw.size, err, errlen))
		return -1;
	raw.data = (unsigned char *)data;
	if (!decode) {
		*out = raw;
		return 0;
	}
	r = decode(&raw, out, err, errlen);
	free(raw.data);
	if (r)
		modfile_free(out);
	return r;
}

void modfile_free(struct modfile *m)
{
	free(m->data);
	*m = (struct modfile){ 0 };
}
