// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* What a module's ELF file says: its .modinfo and the symbols it imports. */

#include "elfmod.h"
#include "util.h"

#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char sig_trailer[] = "~Module signature appended~\n";

static int check_header(Elf *elf, char *err, size_t errlen)
{
	GElf_Ehdr eh;
	size_t n;
	char *ident;

	if (elf_kind(elf) != ELF_K_ELF)
		return fail(err, errlen, "not an ELF file");
	ident = elf_getident(elf, &n);
	if (!ident || n < EI_NIDENT)
		return fail(err, errlen, "truncated ELF header");
	if (ident[EI_CLASS] != ELFCLASS64)
		return fail(err, errlen, "not a 64-bit ELF file (class %d)",
			    ident[EI_CLASS]);
	if (ident[EI_DATA] != ELFDATA2LSB)
		return fail(err, errlen, "not a little-endian ELF file");
	if (!gelf_getehdr(elf, &eh))
		return fail(err, errlen, "bad ELF header: %s", elf_errmsg(-1));
	if (eh.e_type != ET_REL)
		return fail(err, errlen,
			    "not a relocatable object (ELF type %u), so not a module",
			    eh.e_type);
	if (eh.e_machine != EM_X86_64)
		return fail(err, errlen, "built for ELF machine %u, not x86-64",
			    eh.e_machine);
	if (elf_getshdrstrndx(elf, &n) || elf_getshdrnum(elf, &n))
		return fail(err, errlen, "bad section headers: %s",
			    elf_errmsg(-1));
	return 0;
}

/* The section called NAME, or NULL. */
static Elf_Scn *find_section(Elf *elf, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	const char *s;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, sh))
			return NULL;
		s = elf_strptr(elf, shstrndx, sh->sh_name);
		if (s && strcmp(s, name) == 0)
			return scn;
	}
	return NULL;
}

static int read_modinfo(Elf *elf, struct elfmod *m, char *err, size_t errlen)
{
	GElf_Shdr sh;
	Elf_Scn *scn = find_section(elf, ".modinfo", &sh);
	Elf_Data *d;
	struct modinfo_entry *more;
	const char *p, *end;
	size_t cap = 0;

	if (!scn)
		return fail(err, errlen, "no .modinfo section, so not a kernel module");
	if (sh.sh_type == SHT_NOBITS)
		return fail(err, errlen, ".modinfo has no contents");
	d = elf_getdata(scn, NULL);
	if (!d)
		return fail(err, errlen, "cannot read .modinfo: %s", elf_errmsg(-1));
	if (d->d_size == 0 || !d->d_buf)
		return 0;
	p = d->d_buf;
	end = p + d->d_size;
	if (end[-1] != '\0')
		return fail(err, errlen, ".modinfo does not end in a NUL byte");
	while (p < end) {
		size_t len = strlen(p);
		const char *eq;

		if (len == 0) {		/* alignment padding */
			p++;
			continue;
		}
		more = grow(m->info, m->n_info, &cap, sizeof(*more), 16);
		if (!more)
			return fail(err, errlen, "out of memory");
		m->info = more;
		eq = memchr(p, '=', len);
		m->info[m->n_info++] = (struct modinfo_entry){
			.text = p,
			.key_len = eq ? (size_t)(eq - p) : len,
			.value = eq ? eq + 1 : NULL,
		};
		p += len + 1;
	}
	return 0;
}

/*
 * An export leaves a __ksymtab_<name> symbol in the section __ksymtab
 * (EXPORT_SYMBOL) or __ksymtab_gpl (EXPORT_SYMBOL_GPL) of the .ko.
 */
static int add_export(Elf *elf, size_t strtab, const GElf_Sym *sym,
		      struct elfmod *m, size_t *cap)
{
	static const char prefix[] = "__ksymtab_";
	const char *name = elf_strptr(elf, strtab, sym->st_name);
	struct module_export *more;
	const char *section;
	size_t shstrndx;
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (!name || strncmp(name, prefix, sizeof(prefix) - 1) ||
	    sym->st_shndx >= SHN_LORESERVE ||
	    elf_getshdrstrndx(elf, &shstrndx) ||
	    !(scn = elf_getscn(elf, sym->st_shndx)) || !gelf_getshdr(scn, &sh) ||
	    !(section = elf_strptr(elf, shstrndx, sh.sh_name)) ||
	    (strcmp(section, "__ksymtab") && strcmp(section, "__ksymtab_gpl")))
		return 0;
	more = grow(m->exports, m->n_exports, cap, sizeof(*more), 16);
	if (!more)
		return -1;
	m->exports = more;
	m->exports[m->n_exports++] = (struct module_export){
		.name = name + sizeof(prefix) - 1,
		.gpl_only = strcmp(section, "__ksymtab_gpl") == 0,
	};
	return 0;
}

static int read_imports(Elf *elf, struct elfmod *m, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	Elf_Data *d;
	size_t i, n, cap = 0, ecap = 0;

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
	d = elf_getdata(scn, NULL);
	if (!d)
		return fail(err, errlen, "cannot read the symbol table: %s",
			    elf_errmsg(-1));
	n = d->d_size / sizeof(Elf64_Sym);
	for (i = 1; i < n; i++) {
		struct module_import *more;
		GElf_Sym sym;
		const char *name;
		int bind;

		if (!gelf_getsym(d, (int)i, &sym))
			return fail(err, errlen, "bad symbol %zu", i);
		bind = GELF_ST_BIND(sym.st_info);
		if (sym.st_shndx != SHN_UNDEF) {
			if (add_export(elf, sh.sh_link, &sym, m, &ecap))
				return fail(err, errlen, "out of memory");
			continue;
		}
		if (bind != STB_GLOBAL && bind != STB_WEAK)
			continue;
		name = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (!name)
			return fail(err, errlen, "symbol %zu has a bad name", i);
		if (!*name)
			continue;
		more = grow(m->imports, m->n_imports, &cap, sizeof(*more), 64);
		if (!more)
			return fail(err, errlen, "out of memory");
		m->imports = more;
		m->imports[m->n_imports++] = (struct module_import){
			.name = name,
			.weak = bind == STB_WEAK,
		};
	}
	return 0;
}

int elfmod_parse(const unsigned char *data, size_t size, struct elfmod *m,
		 char *err, size_t errlen)
{
	Elf *elf;

	*m = (struct elfmod){ 0 };
	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, "libelf is out of date");
	if (size < EI_NIDENT || memcmp(data, ELFMAG, SELFMAG) != 0)
		return fail(err, errlen, "not an ELF file");
	/* libelf only reads the image: ELF_C_READ_MEMORY never writes. */
	elf = elf_memory((char *)data, size);
	if (!elf)
		return fail(err, errlen, "cannot parse ELF: %s", elf_errmsg(-1));
	m->elf = elf;
	if (check_header(elf, err, errlen) || read_modinfo(elf, m, err, errlen) ||
	    read_imports(elf, m, err, errlen)) {
		elfmod_free(m);
		return -1;
	}
	m->has_signature = size >= sizeof(sig_trailer) - 1 &&
		memcmp(data + size - (sizeof(sig_trailer) - 1), sig_trailer,
		       sizeof(sig_trailer) - 1) == 0;
	return 0;
}

void elfmod_free(struct elfmod *m)
{
	free(m->info);
	free(m->imports);
	free(m->exports);
	if (m->elf)
		elf_end(m->elf);
	*m = (struct elfmod){ 0 };
}

static int key_is(const struct modinfo_entry *e, const char *key)
{
	return e->value && strlen(key) == e->key_len &&
	       memcmp(e->text, key, e->key_len) == 0;
}

const char *elfmod_info(const struct elfmod *m, const char *key, size_t n)
{
	size_t i;

	for (i = 0; i < m->n_info; i++)
		if (key_is(&m->info[i], key) && n-- == 0)
			return m->info[i].value;
	return NULL;
}

size_t elfmod_info_count(const struct elfmod *m, const char *key)
{
	size_t i, n = 0;

	for (i = 0; i < m->n_info; i++)
		n += key_is(&m->info[i], key);
	return n;
}
