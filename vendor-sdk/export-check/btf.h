/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The size of a struct, from the BTF type information of a kernel's
 * vmlinux (CONFIG_DEBUG_INFO_BTF; Debian's 6.12 headers ship such a
 * vmlinux for this).  The loader of 6.12 refuses a module whose
 * .gnu.linkonce.this_module is not sizeof(struct module).
 */
#ifndef EXPORT_CHECK_BTF_H
#define EXPORT_CHECK_BTF_H

#include <stddef.h>

/*
 * The size of struct NAME in the .BTF section of the ELF file at PATH.
 * Returns 0, or -1 with a one-line reason in ERR: no such file, no .BTF,
 * malformed BTF, or no struct of that name.
 */
int btf_struct_size(const char *path, const char *name, size_t *size,
		    char *err, size_t errlen);

/* The same, from the .BTF section's contents DATA of SIZE bytes. */
int btf_parse_struct_size(const unsigned char *data, size_t size,
			  const char *name, size_t *out, char *err,
			  size_t errlen);

#endif
