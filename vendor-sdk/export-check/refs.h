/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What each function a module exports with plain EXPORT_SYMBOL refers to,
 * read from its relocations: the difference between a wrapper that hands
 * another export on and a function doing work of its own.
 */
#ifndef EXPORT_CHECK_REFS_H
#define EXPORT_CHECK_REFS_H

#include <gelf.h>

#include "elfmod.h"
#include "ksymtab.h"

/* True for the compiler's and the build's own helpers (__fentry__, ...). */
int refs_is_instrumentation(const char *name);

/* The functions a module defines, noted in its symbol-table pass. */
struct refs_functions {
	struct refs_function {
		const char *name;	/* in the ELF image */
		size_t shndx;
		GElf_Addr start, end;
	} *f;
	size_t n, cap;
};

/* Note SYM, called NAME, if it is a function the module defines. */
void refs_note(struct refs_functions *fs, const char *name,
	       const GElf_Sym *sym);
void refs_functions_free(struct refs_functions *fs);

/*
 * Fill in is_function, calls and own_refs of the plain exports of M,
 * whose exports are sorted by name, from the functions FS noted in the
 * symbol table ST and the relocations against ST.  Returns 0, or -1 with
 * a reason in ERR.
 */
int refs_scan(const struct symtab *st, struct elfmod *m,
	      const struct refs_functions *fs, char *err, size_t errlen);

#endif
