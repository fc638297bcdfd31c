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

struct ksymtab_visitor {
	void (*on_export)(void *arg, const char *name, int gpl_only);
	void (*on_crc)(void *arg, const char *name, uint32_t crc);
	void (*on_namespace)(void *arg, const char *name, const char *ns);
	void *arg;
	void (*on_defined)(void *arg, const char *name);
};

/*
 * Report every export of ELF, and its CRC and namespace if on_crc and
 * on_namespace are set (NS is "" for none), and every global symbol ELF
 * defines, exported or not, if on_defined is set.  Returns 0, or -1 with a
 * one-line reason in ERR if the symbol table cannot be read.
 */
int ksymtab_scan(Elf *elf, const struct ksymtab_visitor *v, char *err,
		 size_t errlen);

#endif
