// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The names a module passes to symbol_get().  The call's relocation names
 * __symbol_get; the string constant, its one argument, is loaded into
 * %rdi just before it, and that load's relocation points at the string:
 * "mov $str, %rdi" (R_X86_64_32S, -mcmodel=kernel) or "lea str(%rip),
 * %rdi" (R_X86_64_PC32).  A call without such a load just before it (a
 * name built at run time, or passed through a variable) is counted as
 * unread rather than guessed at.
 */

#include "symget.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* A longer gap is not one call's argument set-up. */
#define ARGUMENT_WINDOW 16
/* KSYM_NAME_LEN of 6.1. */
#define NAME_MAX_LEN 512

struct reloc {
	GElf_Addr offset;
	GElf_Rela rela;
};

static int by_offset(const void *a, const void *b)
{
	const struct reloc *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int is_identifier(const char *s, size_t len)
{
	size_t i;

	if (!len || len >= NAME_MAX_LEN || (s[0] >= '0' && s[0] <= '9'))
		return 0;
	for (i = 0; i < len; i++)
		if (!(s[i] == '_' || (s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9')))
			return 0;
	return 1;
}

/* The identifier REL's target holds in a data section, or NULL. */
static const char *string_at(const struct symtab *st, const GElf_Rela *rel)
{
	GElf_Sym sym;
	GElf_Shdr sh;
	GElf_Xword at;	/* unsigned: a bad file's sum wraps, and is refused */
	Elf_Scn *scn;
	Elf_Data *d;
	const char *s;
	size_t len;

	if (!gelf_getsym(st->data, (int)GELF_R_SYM(rel->r_info), &sym) ||
	    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
		return NULL;
	switch (GELF_R_TYPE(rel->r_info)) {
	case R_X86_64_32S:
	case R_X86_64_32:
		at = sym.st_value + (GElf_Xword)rel->r_addend;
		break;
	case R_X86_64_PC32:
		/* The displacement ends the instruction: 4 bytes on. */
		at = sym.st_value + (GElf_Xword)rel->r_addend + 4;
		break;
	default:
		return NULL;
	}
	scn = elf_getscn(st->elf, sym.st_shndx);
	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
	    !(sh.sh_flags & SHF_ALLOC) || (sh.sh_flags & SHF_EXECINSTR))
		return NULL;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || at >= d->d_size)
		return NULL;
	s = (const char *)d->d_buf + at;
	len = strnlen(s, d->d_size - (size_t)at);
	if (len == d->d_size - (size_t)at || !is_identifier(s, len))
		return NULL;
	return s;
}

static int is_symbol_get(const struct symtab *st, const GElf_Rela *rel)
{
	GElf_Sym sym;
	const char *name;

	if (!gelf_getsym(st->data, (int)GELF_R_SYM(rel->r_info), &sym) ||
	    sym.st_shndx != SHN_UNDEF)
		return 0;
	name = elf_strptr(st->elf, st->strtab, sym.st_name);
	return name && strcmp(name, "__symbol_get") == 0;
}

static void add_name(struct elfmod *m, size_t *cap, const char *name)
{
	size_t i;

	for (i = 0; i < m->n_symbol_gets; i++)
		if (strcmp(m->symbol_gets[i], name) == 0)
			return;
	m->symbol_gets = grow(m->symbol_gets, m->n_symbol_gets, cap,
			      sizeof(*m->symbol_gets), 4);
	m->symbol_gets[m->n_symbol_gets++] = strpool_str(&m->pool, name);
}

/* The calls of __symbol_get in the code the RELA section RS relocates. */
static void scan_section(const struct symtab *st, Elf_Scn *rs,
			 struct elfmod *m, size_t *cap)
{
	Elf_Data *d = elf_getdata(rs, NULL);
	size_t i, n = d ? d->d_size / sizeof(Elf64_Rela) : 0;
	struct reloc *r = xcalloc(n ? n : 1, sizeof(*r));
	const char *arg = NULL;
	GElf_Addr arg_end = 0;

	for (i = 0; i < n && gelf_getrela(d, (int)i, &r[i].rela); i++)
		r[i].offset = r[i].rela.r_offset;
	n = i;
	qsort(r, n, sizeof(*r), by_offset);
	for (i = 0; i < n; i++) {
		const char *s;

		if (is_symbol_get(st, &r[i].rela)) {
			if (arg && r[i].offset - arg_end <= ARGUMENT_WINDOW)
				add_name(m, cap, arg);
			else
				m->symbol_gets_unread++;
			arg = NULL;
			continue;
		}
		s = string_at(st, &r[i].rela);
		if (s) {
			arg = s;
			arg_end = r[i].offset + 4;
		}
	}
	free(r);
}

static int imports_symbol_get(const struct elfmod *m)
{
	size_t i;

	for (i = 0; i < m->n_imports; i++)
		if (strcmp(m->imports[i].name, "__symbol_get") == 0)
			return 1;
	return 0;
}

int symget_scan(const struct symtab *st, struct elfmod *m, char *err,
		size_t errlen)
{
	Elf_Scn *scn = NULL, *target;
	GElf_Shdr sh, th;
	size_t cap = 0;

	if (!imports_symbol_get(m))
		return 0;
	while ((scn = elf_nextscn(st->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return fail(err, errlen, "bad section header: %s",
				    elf_errmsg(-1));
		if (sh.sh_type != SHT_RELA || sh.sh_link != st->index)
			continue;
		target = elf_getscn(st->elf, sh.sh_info);
		if (target && gelf_getshdr(target, &th) &&
		    (th.sh_flags & SHF_EXECINSTR))
			scan_section(st, scn, m, &cap);
	}
	return 0;
}
