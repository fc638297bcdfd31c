// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Just enough of BTF (Documentation/bpf/btf.rst, include/uapi/linux/btf.h)
 * to find a struct's size: walk the type section, skipping each type's
 * kind-specific data, to the first struct of the name.
 */

#include "btf.h"
#include "util.h"

#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define BTF_MAGIC 0xeB9F
#define BTF_KIND_STRUCT 4

/* The bytes that follow a type of KIND with VLEN members, or -1 if unknown. */
static long kind_data_size(unsigned int kind, unsigned int vlen)
{
	switch (kind) {
	case 2: case 7: case 8: case 9: case 10: case 11: case 12: case 16:
	case 18:	/* PTR FWD TYPEDEF VOLATILE CONST RESTRICT FUNC FLOAT TYPE_TAG */
		return 0;
	case 1: case 14: case 17:	/* INT VAR DECL_TAG */
		return 4;
	case 3:				/* ARRAY */
		return 12;
	case 4: case 5: case 15: case 19:	/* STRUCT UNION DATASEC ENUM64 */
		return 12L * vlen;
	case 6: case 13:		/* ENUM FUNC_PROTO */
		return 8L * vlen;
	}
	return -1;
}

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

int btf_parse_struct_size(const unsigned char *data, size_t size,
			  const char *name, size_t *out, char *err,
			  size_t errlen)
{
	uint32_t hdr_len, type_off, type_len, str_off, str_len;
	const unsigned char *types, *strs, *p, *end;
	size_t name_len = strlen(name);
	uint16_t magic;

	if (size < 24)
		return fail(err, errlen, "BTF: %zu bytes, too short", size);
	memcpy(&magic, data, sizeof(magic));
	if (magic != BTF_MAGIC)
		return fail(err, errlen, "BTF: bad magic 0x%04x", magic);
	hdr_len = u32_at(data + 4);
	type_off = u32_at(data + 8);
	type_len = u32_at(data + 12);
	str_off = u32_at(data + 16);
	str_len = u32_at(data + 20);
	if (hdr_len < 24 || (uint64_t)hdr_len + type_off + type_len > size ||
	    (uint64_t)hdr_len + str_off + str_len > size)
		return fail(err, errlen, "BTF: sections beyond its %zu bytes", size);
	types = data + hdr_len + type_off;
	strs = data + hdr_len + str_off;
	end = types + type_len;
	for (p = types; end - p >= 12;) {
		uint32_t name_off = u32_at(p), info = u32_at(p + 4);
		unsigned int kind = (info >> 24) & 0x1f, vlen = info & 0xffff;
		long more = kind_data_size(kind, vlen);

		if (more < 0)
			return fail(err, errlen, "BTF: unknown type kind %u", kind);
		if (kind == BTF_KIND_STRUCT && name_off < str_len &&
		    str_len - name_off > name_len &&
		    memcmp(strs + name_off, name, name_len + 1) == 0) {
			*out = u32_at(p + 8);
			return 0;
		}
		if (end - p - 12 < more)
			break;
		p += 12 + more;
	}
	return fail(err, errlen, "BTF: no struct %s", name);
}

int btf_struct_size(const char *path, const char *name, size_t *size,
		    char *err, size_t errlen)
{
	char why[256];
	Elf_Scn *scn = NULL;
	Elf_Data *d = NULL;
	GElf_Shdr sh;
	size_t shstrndx;
	const char *s;
	Elf *elf;
	int fd, r;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, "libelf is out of date");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(err, errlen, "%s: cannot open it", path);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx)) {
		r = fail(err, errlen, "%s: not an ELF file", path);
		goto out;
	}
	while ((scn = elf_nextscn(elf, scn)) && gelf_getshdr(scn, &sh)) {
		s = elf_strptr(elf, shstrndx, sh.sh_name);
		if (s && strcmp(s, ".BTF") == 0) {
			d = elf_getdata(scn, NULL);
			break;
		}
	}
	if (!d || !d->d_buf) {
		r = fail(err, errlen, "%s: no .BTF section", path);
		goto out;
	}
	r = btf_parse_struct_size(d->d_buf, d->d_size, name, size, why,
				  sizeof(why));
	if (r)
		fail(err, errlen, "%s: %s", path, why);
out:
	elf_end(elf);
	close(fd);
	return r;
}
