// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What an ELF file exports.  In 6.1, EXPORT_SYMBOL(sym) puts a struct
 * kernel_symbol labelled __ksymtab_sym in the section ___ksymtab+sym
 * (___ksymtab_gpl+sym for EXPORT_SYMBOL_GPL), which the module linker
 * script gathers into __ksymtab and __ksymtab_gpl; with CONFIG_MODVERSIONS
 * the CRC goes to __crc_sym in ___kcrctab[_gpl]+sym, gathered likewise;
 * the namespace, a string, is labelled __kstrtabns_sym in __ksymtab_strings.
 * Only a symbol in one of those sections is an export: a name alone could
 * be anything.
 */

#include "ksymtab.h"
#include "util.h"

#include <string.h>

/*
 * NAME, if SYMBOL is PREFIX NAME and SECTION is BASE or BASE_gpl (linked),
 * or _BASE+NAME or _BASE_gpl+NAME (object file).
 */
static const char *entry_name(const char *symbol, const char *section,
			      const char *prefix, const char *base,
			      int *gpl_only)
{
	size_t np = strlen(prefix), nb = strlen(base);
	int per_symbol = section[0] == '_' &&
			 strncmp(section + 1, base, nb) == 0;
	const char *name, *s = section + per_symbol;
	int gpl;

	if (strncmp(symbol, prefix, np) || !symbol[np] ||
	    strncmp(s, base, nb))
		return NULL;
	name = symbol + np;
	s += nb;
	gpl = strncmp(s, "_gpl", 4) == 0;
	if (gpl)
		s += 4;
	if (per_symbol ? *s != '+' || strcmp(s + 1, name) : *s != '\0')
		return NULL;
	if (gpl_only)
		*gpl_only = gpl;
	return name;
}

const char *ksymtab_export_name(const char *symbol, const char *section,
				int *gpl_only)
{
	return entry_name(symbol, section, "__ksymtab_", "__ksymtab",
			  gpl_only);
}

const char *ksymtab_crc_name(const char *symbol, const char *section)
{
	return entry_name(symbol, section, "__crc_", "__kcrctab", NULL);
}

/* The 32-bit little-endian CRC at OFFSET in section SCN; -1 if outside. */
static int read_crc(Elf_Scn *scn, GElf_Addr offset, uint32_t *crc)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	const unsigned char *p;

	if (!d || !d->d_buf || d->d_size < 4 || offset > d->d_size - 4)
		return -1;
	p = (const unsigned char *)d->d_buf + offset;
	*crc = p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
	return 0;
}

/* The NUL-terminated string at OFFSET in section SCN, or NULL. */
static const char *read_string(Elf_Scn *scn, GElf_Addr offset)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	const char *p;

	if (!d || !d->d_buf || offset >= d->d_size)
		return NULL;
	p = (const char *)d->d_buf + offset;
	return memchr(p, '\0', d->d_size - offset) ? p : NULL;
}

static void visit(Elf *elf, size_t shstrndx, const char *symbol,
		  const GElf_Sym *sym, const struct ksymtab_visitor *v)
{
	const char *section, *name, *ns;
	Elf_Scn *scn;
	GElf_Shdr sh;
	uint32_t crc;
	int gpl;

	if (v->on_defined && sym->st_shndx != SHN_UNDEF &&
	    GELF_ST_BIND(sym->st_info) == STB_GLOBAL)
		v->on_defined(v->arg, symbol);
	/* Most symbols are none of these; skip the section lookup for them. */
	if (strncmp(symbol, "__ksymtab_", 10) && strncmp(symbol, "__crc_", 6) &&
	    strncmp(symbol, "__kstrtabns_", 12))
		return;
	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE)
		return;
	scn = elf_getscn(elf, sym->st_shndx);
	if (!scn || !gelf_getshdr(scn, &sh))
		return;
	section = elf_strptr(elf, shstrndx, sh.sh_name);
	if (!section)
		return;
	name = ksymtab_export_name(symbol, section, &gpl);
	if (name) {
		v->on_export(v->arg, name, gpl);
		return;
	}
	if (v->on_namespace && strncmp(symbol, "__kstrtabns_", 12) == 0 &&
	    symbol[12] && strcmp(section, "__ksymtab_strings") == 0 &&
	    sh.sh_type != SHT_NOBITS) {
		ns = read_string(scn, sym->st_value);
		if (ns)
			v->on_namespace(v->arg, symbol + 12, ns);
		return;
	}
	name = v->on_crc ? ksymtab_crc_name(symbol, section) : NULL;
	if (name && sh.sh_type != SHT_NOBITS &&
	    read_crc(scn, sym->st_value, &crc) == 0)
		v->on_crc(v->arg, name, crc);
}

int symtab_find(Elf *elf, struct symtab *st, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return fail(err, errlen, "bad section header: %s",
				    elf_errmsg(-1));
		if (sh.sh_type == SHT_SYMTAB)
			break;
	}
	if (!scn)
		return fail(err, errlen, "no symbol table");
	if (sh.sh_entsize != sizeof(Elf64_Sym))
		return fail(err, errlen, "symbol table entry size %lu, not %zu",
			    (unsigned long)sh.sh_entsize, sizeof(Elf64_Sym));
	*st = (struct symtab){
		.elf = elf,
		.index = elf_ndxscn(scn),
		.strtab = sh.sh_link,
		.data = elf_getdata(scn, NULL),
	};
	if (!st->data)
		return fail(err, errlen, "cannot read the symbol table: %s",
			    elf_errmsg(-1));
	st->n = st->data->d_size / sizeof(Elf64_Sym);
	return 0;
}

int ksymtab_scan(const struct symtab *st, const struct ksymtab_visitor *v,
		 char *err, size_t errlen)
{
	size_t shstrndx, i;

	if (elf_getshdrstrndx(st->elf, &shstrndx))
		return fail(err, errlen, "bad section headers: %s",
			    elf_errmsg(-1));
	for (i = 1; i < st->n; i++) {
		GElf_Sym sym;
		const char *symbol;

		if (!gelf_getsym(st->data, (int)i, &sym))
			return fail(err, errlen, "bad symbol %zu", i);
		symbol = elf_strptr(st->elf, st->strtab, sym.st_name);
		if (v->on_symbol)
			v->on_symbol(v->arg, i, symbol, &sym);
		if (symbol)
			visit(st->elf, shstrndx, symbol, &sym, v);
	}
	return 0;
}
