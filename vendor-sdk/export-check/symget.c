// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The names a module passes to symbol_get().  symbol_get(x) is
 * __symbol_get("x"): a call (e8, or e9 for a tail call) whose relocation
 * names __symbol_get, its one argument loaded into %rdi just before by
 * "mov $str, %rdi" (48 c7 c7, R_X86_64_32S, -mcmodel=kernel) or "lea
 * str(%rip), %rdi" (48 8d 3d, R_X86_64_PC32), whose relocation points
 * into a read-only string section.  Only such a load, with no other
 * relocation between it and the call, within a few instructions, is
 * taken for the argument: anything else (a name built at run time, a
 * load further back, a call in between) is counted as a call whose name
 * export-check cannot read, never guessed at.
 */

#include "symget.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* From the end of the load to the call's relocation: a few instructions. */
#define ARGUMENT_WINDOW 16
/* KSYM_NAME_LEN of 6.1. */
#define NAME_MAX_LEN 512
/* Calls read per module; the rest are counted as unread. */
#define CALLS_MAX 4096

struct reloc {
	GElf_Addr offset;
	GElf_Rela rela;
};

/* The code a RELA section relocates, to check the instructions. */
struct code {
	const unsigned char *bytes;
	size_t size;
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

/* Whether the N bytes before OFFSET in C are OP. */
static int opcode_before(const struct code *c, GElf_Addr offset,
			 const char *op, size_t n)
{
	return offset >= n && offset <= c->size &&
	       memcmp(c->bytes + offset - n, op, n) == 0;
}

/*
 * If REL is the immediate of "mov $str, %rdi" or the displacement of "lea
 * str(%rip), %rdi", with str an identifier in a read-only string section,
 * that identifier; else NULL.
 */
static const char *name_loaded(const struct symtab *st, const struct code *c,
			       const GElf_Rela *rel)
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
		if (!opcode_before(c, rel->r_offset, "\x48\xc7\xc7", 3))
			return NULL;
		at = sym.st_value + (GElf_Xword)rel->r_addend;
		break;
	case R_X86_64_PC32:
		if (!opcode_before(c, rel->r_offset, "\x48\x8d\x3d", 3))
			return NULL;
		/* The displacement ends the instruction: 4 bytes on. */
		at = sym.st_value + (GElf_Xword)rel->r_addend + 4;
		break;
	default:
		return NULL;
	}
	scn = elf_getscn(st->elf, sym.st_shndx);
	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
	    (sh.sh_flags & (SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR |
			    SHF_STRINGS)) != (SHF_ALLOC | SHF_STRINGS))
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

/* Whether REL is the target of "call __symbol_get" or "jmp __symbol_get". */
static int calls_symbol_get(const struct symtab *st, const struct code *c,
			    const GElf_Rela *rel)
{
	unsigned int type = GELF_R_TYPE(rel->r_info);
	GElf_Sym sym;
	const char *name;

	if ((type != R_X86_64_PLT32 && type != R_X86_64_PC32) ||
	    !(opcode_before(c, rel->r_offset, "\xe8", 1) ||
	      opcode_before(c, rel->r_offset, "\xe9", 1)) ||
	    !gelf_getsym(st->data, (int)GELF_R_SYM(rel->r_info), &sym) ||
	    sym.st_shndx != SHN_UNDEF)
		return 0;
	name = elf_strptr(st->elf, st->strtab, sym.st_name);
	return name && strcmp(name, "__symbol_get") == 0;
}

/* The calls of __symbol_get in the code C, relocated by the RELA section RS. */
static void scan_section(const struct symtab *st, Elf_Scn *rs,
			 const struct code *c, struct elfmod *m, size_t *cap)
{
	Elf_Data *d = elf_getdata(rs, NULL);
	size_t i, n = d ? d->d_size / sizeof(Elf64_Rela) : 0;
	struct reloc *r;
	const char *arg = NULL;
	GElf_Addr arg_end = 0;

	if (n > INT_MAX)
		n = INT_MAX;
	r = xcalloc(n ? n : 1, sizeof(*r));
	for (i = 0; i < n && gelf_getrela(d, (int)i, &r[i].rela); i++)
		r[i].offset = r[i].rela.r_offset;
	n = i;
	qsort(r, n, sizeof(*r), by_offset);
	for (i = 0; i < n; i++) {
		if (calls_symbol_get(st, c, &r[i].rela)) {
			if (arg && r[i].offset - arg_end <= ARGUMENT_WINDOW &&
			    m->n_symbol_gets < CALLS_MAX) {
				m->symbol_gets = grow(m->symbol_gets,
						      m->n_symbol_gets, cap,
						      sizeof(*m->symbol_gets), 4);
				m->symbol_gets[m->n_symbol_gets++] =
					strpool_str(&m->pool, arg);
			} else {
				m->symbol_gets_unread++;
			}
			arg = NULL;
			continue;
		}
		/* Any other relocation between the load and the call. */
		arg = name_loaded(st, c, &r[i].rela);
		arg_end = r[i].offset + 4;
	}
	free(r);
}

/* Each name once, in the order of its first call. */
static void dedupe(struct elfmod *m)
{
	size_t i, j, n = 0;

	for (i = 0; i < m->n_symbol_gets; i++) {
		for (j = 0; j < n; j++)
			if (strcmp(m->symbol_gets[j], m->symbol_gets[i]) == 0)
				break;
		if (j == n)
			m->symbol_gets[n++] = m->symbol_gets[i];
	}
	m->n_symbol_gets = n;
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
	Elf_Data *td;
	size_t cap = 0;

	if (!imports_symbol_get(m))
		return 0;
	while ((scn = elf_nextscn(st->elf, scn))) {
		struct code c;

		if (!gelf_getshdr(scn, &sh))
			return fail(err, errlen, "bad section header: %s",
				    elf_errmsg(-1));
		if (sh.sh_type != SHT_RELA || sh.sh_link != st->index)
			continue;
		target = elf_getscn(st->elf, sh.sh_info);
		if (!target || !gelf_getshdr(target, &th) ||
		    th.sh_type != SHT_PROGBITS || !(th.sh_flags & SHF_EXECINSTR))
			continue;
		td = elf_getdata(target, NULL);
		if (!td || !td->d_buf)
			continue;
		c = (struct code){ td->d_buf, td->d_size };
		scan_section(st, scn, &c, m, &cap);
	}
	dedupe(m);
	return 0;
}
