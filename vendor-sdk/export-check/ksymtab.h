/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What an ELF file exports: the __ksymtab_<name> symbols EXPORT_SYMBOL()
 * leaves, their namespaces (__kstrtabns_<name>), and the __crc_<name> CRCs
 * of CONFIG_MODVERSIONS.  The one place that knows how exports look, for
 * modules and for kernel object files.
 */
#ifndef EXPORT_CHECK_KSYMTAB_H
#define EXPORT_CHECK_KSYMTAB_H

#include <gelf.h>
#include <stdint.h>

/*
 * If SYMBOL, defined in SECTION, is an export's table entry, the exported
 * name (inside SYMBOL) and *GPL_ONLY; else NULL.  Linked modules have the
 * sections __ksymtab and __ksymtab_gpl, object files one section per
 * export, ___ksymtab+<name> and ___ksymtab_gpl+<name>.
 */
const char *ksymtab_export_name(const char *symbol, const char *section,
				int *gpl_only);
/* The same for an export's CRC, __crc_<name> in __kcrctab[_gpl]. */
const char *ksymtab_crc_name(const char *symbol, const char *section);

/*
 * An ELF file's symbol table: the first SHT_SYMTAB section, the one the
 * loader's setup_load_info() takes (a module has one; should a second
 * appear, every reader here still agrees with the loader on which).
 */
struct symtab {
	Elf *elf;
	size_t index;		/* its section's index */
	size_t strtab;		/* the section index of its names */
	Elf_Data *data;
	size_t n;		/* its symbols, the null symbol 0 included */
};

/*
 * Find ELF's symbol table.  Returns 0, or -1 with a one-line reason in ERR
 * (none, entries not of Elf64_Sym's size, unreadable).
 */
int symtab_find(Elf *elf, struct symtab *st, char *err, size_t errlen);

struct ksymtab_visitor {
	void (*on_export)(void *arg, const char *name, int gpl_only);
	void (*on_crc)(void *arg, const char *name, uint32_t crc);
	void (*on_namespace)(void *arg, const char *name, const char *ns);
	void *arg;
	void (*on_defined)(void *arg, const char *name);
	/*
	 * Every symbol I but the null one, in the table's order; NAME is
	 * NULL if st_name is outside the string table.
	 */
	void (*on_symbol)(void *arg, size_t i, const char *name,
			  const GElf_Sym *sym);
};

/*
 * One pass over the symbol table ST: report every export, and its CRC and
 * namespace if on_crc and on_namespace are set (NS is "" for none), every
 * global symbol defined, exported or not, if on_defined is set, and every
 * symbol if on_symbol is.  Returns 0, or -1 with a one-line reason in ERR
 * if a symbol cannot be read.
 */
int ksymtab_scan(const struct symtab *st, const struct ksymtab_visitor *v,
		 char *err, size_t errlen);

#endif
