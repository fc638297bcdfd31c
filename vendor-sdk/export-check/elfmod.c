// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What a module's ELF file says.  Everything kept is copied into the
 * module's string pool, so that a run over thousands of modules parses
 * each once and keeps only what the rules need.
 */

#include "elfmod.h"
#include "ksymtab.h"
#include "refs.h"
#include "symget.h"
#include "util.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

static const char sig_trailer[] = "~Module signature appended~\n";

/* struct modversion_info on 64-bit: unsigned long crc, then the name. */
#define VERSION_ENTRY_SIZE 64
#define VERSION_NAME_LEN (VERSION_ENTRY_SIZE - 8)

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
	if (((const char *)d->d_buf)[d->d_size - 1] != '\0')
		return fail(err, errlen, ".modinfo does not end in a NUL byte");
	p = strpool_add(&m->pool, d->d_buf, d->d_size);
	end = p + d->d_size;
	while (p < end) {
		size_t len = strlen(p);
		const char *eq;

		if (len == 0) {		/* alignment padding */
			p++;
			continue;
		}
		m->info = grow(m->info, m->n_info, &cap, sizeof(*m->info), 16);
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

/* depends= (modpost's list of the modules that export what M uses). */
static void split_depends(struct elfmod *m)
{
	const char *p = elfmod_info(m, "depends", 0);
	size_t n, cap = 0;

	while (p && *p) {
		n = strcspn(p, ",");
		if (n) {
			m->depends = grow(m->depends, m->n_depends, &cap,
					  sizeof(*m->depends), 4);
			m->depends[m->n_depends++] = strpool_add(&m->pool, p, n);
		}
		p += n + (p[n] == ',');
	}
}

static int by_version_name(const void *a, const void *b)
{
	return strcmp(((const struct module_version *)a)->name,
		      ((const struct module_version *)b)->name);
}

/*
 * __versions, as modpost writes it with CONFIG_MODVERSIONS: for each
 * symbol the module imports, the CRC of the declaration it was built
 * against.  The loader looks for the section only among allocated ones.
 */
static int read_versions(Elf *elf, struct elfmod *m, char *err, size_t errlen)
{
	GElf_Shdr sh;
	Elf_Scn *scn = find_section(elf, "__versions", &sh);
	const unsigned char *p;
	Elf_Data *d;
	size_t i, n;

	if (!scn || !(sh.sh_flags & SHF_ALLOC))
		return 0;
	m->has_versions = 1;
	if (sh.sh_type == SHT_NOBITS)
		return 0;
	d = elf_getdata(scn, NULL);
	if (!d)
		return fail(err, errlen, "cannot read __versions: %s",
			    elf_errmsg(-1));
	n = d->d_buf ? d->d_size / VERSION_ENTRY_SIZE : 0;
	m->versions = xcalloc(n, sizeof(*m->versions));
	for (i = 0; i < n; i++) {
		uint64_t crc = 0;
		int b;

		p = (const unsigned char *)d->d_buf + i * VERSION_ENTRY_SIZE;
		if (!memchr(p + 8, '\0', VERSION_NAME_LEN))
			return fail(err, errlen,
				    "__versions entry %zu: the name is not NUL-terminated",
				    i);
		for (b = 7; b >= 0; b--)
			crc = crc << 8 | p[b];
		m->versions[i] = (struct module_version){
			.name = strpool_str(&m->pool, (const char *)p + 8),
			.crc = crc,
		};
	}
	m->n_versions = n;
	qsort(m->versions, n, sizeof(*m->versions), by_version_name);
	return 0;
}

/* CRCs and namespaces, which may come before their exports. */
struct export_fact {
	const char *name;
	uint32_t crc;
	const char *ns;		/* NULL for a CRC */
};

/* The one pass over the symbol table. */
struct symbol_scan {
	struct elfmod *m;
	size_t cap, import_cap;
	struct export_fact *facts;
	size_t n_facts, fact_cap;
	struct refs_functions functions;
	size_t bad_name;	/* an import whose name is unreadable */
};

static void on_export(void *arg, const char *name, int gpl_only)
{
	struct symbol_scan *s = arg;
	struct elfmod *m = s->m;

	m->exports = grow(m->exports, m->n_exports, &s->cap,
			  sizeof(*m->exports), 16);
	m->exports[m->n_exports++] = (struct module_export){
		.name = strpool_str(&m->pool, name),
		.gpl_only = gpl_only,
		.ns = "",
	};
}

static void add_fact(struct symbol_scan *s, const char *name, uint32_t crc,
		     const char *ns)
{
	s->facts = grow(s->facts, s->n_facts, &s->fact_cap, sizeof(*s->facts),
			16);
	s->facts[s->n_facts++] = (struct export_fact){
		.name = strpool_str(&s->m->pool, name),
		.crc = crc,
		.ns = ns ? strpool_str(&s->m->pool, ns) : NULL,
	};
}

static void on_crc(void *arg, const char *name, uint32_t crc)
{
	add_fact(arg, name, crc, NULL);
}

static void on_namespace(void *arg, const char *name, const char *ns)
{
	add_fact(arg, name, 0, ns);
}

static int by_export_name(const void *a, const void *b)
{
	return strcmp(((const struct module_export *)a)->name,
		      ((const struct module_export *)b)->name);
}

/* What the loader resolves (simplify_symbols()), in the table's order. */
static void on_symbol(void *arg, size_t i, const char *name,
		      const GElf_Sym *sym)
{
	struct symbol_scan *s = arg;
	struct elfmod *m = s->m;
	int bind = GELF_ST_BIND(sym->st_info);

	refs_note(&s->functions, name, sym);
	if (sym->st_shndx != SHN_UNDEF ||
	    (bind != STB_GLOBAL && bind != STB_WEAK))
		return;
	if (!name) {
		if (!s->bad_name)
			s->bad_name = i;
		return;
	}
	if (!*name)
		return;
	m->imports = grow(m->imports, m->n_imports, &s->import_cap,
			  sizeof(*m->imports), 64);
	m->imports[m->n_imports++] = (struct module_import){
		.name = strpool_str(&m->pool, name),
		.weak = bind == STB_WEAK,
	};
}

/*
 * Imports, exports with their CRCs and namespaces, and the functions
 * behind plain exports, from one pass over the symbol table; then, from
 * the relocations, what those functions call and what symbol_get() is
 * asked for.
 */
static int read_symbols(Elf *elf, struct elfmod *m, char *err, size_t errlen)
{
	struct symbol_scan s = { .m = m };
	const struct ksymtab_visitor v = {
		.on_export = on_export, .on_crc = on_crc,
		.on_namespace = on_namespace, .on_symbol = on_symbol,
		.arg = &s,
	};
	struct symtab st;
	size_t i;
	int r;

	if (symtab_find(elf, &st, err, errlen))
		return -1;
	r = ksymtab_scan(&st, &v, err, errlen);
	if (!r && s.bad_name)
		r = fail(err, errlen, "symbol %zu has a bad name", s.bad_name);
	if (r)
		goto out;
	/* Sorted, so that CRCs and the functions behind them are found fast. */
	if (m->n_exports)
		qsort(m->exports, m->n_exports, sizeof(*m->exports),
		      by_export_name);
	for (i = 0; i < s.n_facts && m->n_exports; i++) {
		struct module_export key = { .name = s.facts[i].name }, *e;

		e = bsearch(&key, m->exports, m->n_exports, sizeof(*e),
			    by_export_name);
		if (e && s.facts[i].ns) {
			e->ns = s.facts[i].ns;
		} else if (e) {
			e->has_crc = 1;
			e->crc = s.facts[i].crc;
		}
	}
	r = refs_scan(&st, m, &s.functions, err, errlen);
	if (!r)
		r = symget_scan(&st, m, err, errlen);
out:
	free(s.facts);
	refs_functions_free(&s.functions);
	return r;
}

int elfmod_parse(const unsigned char *data, size_t size, struct elfmod *m,
		 char *err, size_t errlen)
{
	GElf_Shdr sh;
	Elf *elf;
	int r;

	*m = (struct elfmod){ 0 };
	if (elf_version(EV_CURRENT) == EV_NONE)
		return fail(err, errlen, "libelf is out of date");
	if (size < EI_NIDENT || memcmp(data, ELFMAG, SELFMAG) != 0)
		return fail(err, errlen, "not an ELF file");
	/* libelf only reads the image: ELF_C_READ_MEMORY never writes. */
	elf = elf_memory((char *)data, size);
	if (!elf)
		return fail(err, errlen, "cannot parse ELF: %s", elf_errmsg(-1));
	r = check_header(elf, err, errlen) ||
	    read_modinfo(elf, m, err, errlen) ||
	    read_versions(elf, m, err, errlen) ||
	    read_symbols(elf, m, err, errlen);
	/* The struct module the module was built with (THIS_MODULE). */
	if (!r && find_section(elf, ".gnu.linkonce.this_module", &sh))
		m->this_module_size = sh.sh_size;
	elf_end(elf);
	if (r) {
		elfmod_free(m);
		return -1;
	}
	split_depends(m);
	m->has_signature = size >= sizeof(sig_trailer) - 1 &&
		memcmp(data + size - (sizeof(sig_trailer) - 1), sig_trailer,
		       sizeof(sig_trailer) - 1) == 0;
	return 0;
}

void elfmod_free(struct elfmod *m)
{
	size_t i;

	for (i = 0; i < m->n_exports; i++)
		free(m->exports[i].calls);
	free(m->info);
	free(m->imports);
	free(m->exports);
	free(m->versions);
	free(m->depends);
	free(m->symbol_gets);
	strpool_free(&m->pool);
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

const struct module_version *elfmod_version(const struct elfmod *m,
					    const char *name)
{
	struct module_version key = { .name = name };

	if (!m->n_versions)
		return NULL;
	return bsearch(&key, m->versions, m->n_versions, sizeof(key),
		       by_version_name);
}
