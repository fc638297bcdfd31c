// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What each function a module exports with plain EXPORT_SYMBOL refers to.
 * A relocation inside the function's bytes that names an undefined symbol
 * is a call or address of something the module imports; one that names a
 * section or a defined symbol is the module's own code or data.  The
 * helpers every function of a kernel build may call (ftrace, retpolines,
 * return thunks, the stack protector, sanitizers) say nothing about what
 * the function does, so they are left out.
 */

#include "refs.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

struct range {
	size_t shndx;
	GElf_Addr start, end;
	struct module_export *e;
	size_t cap;		/* of e->calls */
};

static const char *const helper_prefixes[] = {
	"__fentry__", "mcount", "__x86_return_thunk", "__x86_indirect_",
	"__stack_chk_fail", "__ubsan_", "__asan_", "__kasan_", "__kcsan_",
	"__tsan_", "__msan_", "__sanitizer_", "__gcov_", "__llvm_gcov",
	"__cfi_", "__kcfi_",
};

int refs_is_instrumentation(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(helper_prefixes) / sizeof(*helper_prefixes); i++)
		if (strncmp(name, helper_prefixes[i],
			    strlen(helper_prefixes[i])) == 0)
			return 1;
	return 0;
}

static int by_position(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static int by_export_name(const void *a, const void *b)
{
	return strcmp(((const struct module_export *)a)->name,
		      ((const struct module_export *)b)->name);
}

/* The range of section SHNDX holding OFFSET, or NULL. */
static struct range *range_at(struct range *r, size_t n, size_t shndx,
			      GElf_Addr offset)
{
	size_t lo = 0, hi = n;

	/* The last range that starts at or before (SHNDX, OFFSET). */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r[mid].shndx < shndx ||
		    (r[mid].shndx == shndx && r[mid].start <= offset))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	r += lo - 1;
	return r->shndx == shndx && offset < r->end ? r : NULL;
}

static void add_call(struct elfmod *m, struct range *r, const char *name)
{
	struct module_export *e = r->e;
	size_t i;

	for (i = 0; i < e->n_calls; i++)
		if (strcmp(e->calls[i], name) == 0)
			return;
	e->calls = grow(e->calls, e->n_calls, &r->cap, sizeof(*e->calls), 4);
	e->calls[e->n_calls++] = strpool_str(&m->pool, name);
}

void refs_note(struct refs_functions *fs, const char *name,
	       const GElf_Sym *sym)
{
	if (!name || GELF_ST_TYPE(sym->st_info) != STT_FUNC ||
	    sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE)
		return;
	fs->f = grow(fs->f, fs->n, &fs->cap, sizeof(*fs->f), 64);
	fs->f[fs->n++] = (struct refs_function){
		.name = name,
		.shndx = sym->st_shndx,
		.start = sym->st_value,
		.end = sym->st_value + sym->st_size,
	};
}

void refs_functions_free(struct refs_functions *fs)
{
	free(fs->f);
	*fs = (struct refs_functions){ 0 };
}

/* The plain-exported functions of M, sorted by position. */
static size_t find_functions(const struct refs_functions *fs,
			     struct elfmod *m, struct range **out)
{
	size_t i, nr = 0, cap = 0;
	struct range *r = NULL;

	for (i = 0; i < fs->n; i++) {
		struct module_export key = { .name = fs->f[i].name }, *e;

		e = bsearch(&key, m->exports, m->n_exports, sizeof(key),
			    by_export_name);
		if (!e || e->gpl_only || e->is_function)
			continue;
		e->is_function = 1;
		r = grow(r, nr, &cap, sizeof(*r), 16);
		r[nr++] = (struct range){
			.shndx = fs->f[i].shndx,
			.start = fs->f[i].start,
			.end = fs->f[i].end,
			.e = e,
		};
	}
	if (nr)
		qsort(r, nr, sizeof(*r), by_position);
	*out = r;
	return nr;
}

/* Attribute each relocation of the RELA section RS to its function. */
static void scan_relocations(const struct symtab *st, Elf_Scn *rs,
			     const GElf_Shdr *rsh, struct elfmod *m,
			     struct range *r, size_t nr)
{
	Elf_Data *d = elf_getdata(rs, NULL);
	size_t i, n = d ? d->d_size / sizeof(Elf64_Rela) : 0;

	for (i = 0; i < n; i++) {
		struct range *f;
		const char *name;
		GElf_Rela rel;
		GElf_Sym sym;
		size_t si;

		if (!gelf_getrela(d, (int)i, &rel))
			break;
		f = range_at(r, nr, rsh->sh_info, rel.r_offset);
		si = GELF_R_SYM(rel.r_info);
		if (!f || si == 0 || !gelf_getsym(st->data, (int)si, &sym))
			continue;
		if (sym.st_shndx != SHN_UNDEF) {
			f->e->own_refs = 1;
			continue;
		}
		name = elf_strptr(st->elf, st->strtab, sym.st_name);
		if (name && *name && !refs_is_instrumentation(name))
			add_call(m, f, name);
	}
}

int refs_scan(const struct symtab *st, struct elfmod *m,
	      const struct refs_functions *fs, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	struct range *r;
	GElf_Shdr sh;
	size_t nr;

	if (!m->n_exports)
		return 0;
	nr = find_functions(fs, m, &r);
	while (nr && (scn = elf_nextscn(st->elf, scn))) {
		if (!gelf_getshdr(scn, &sh)) {
			free(r);
			return fail(err, errlen, "bad section header: %s",
				    elf_errmsg(-1));
		}
		if (sh.sh_type == SHT_RELA && sh.sh_link == st->index)
			scan_relocations(st, scn, &sh, m, r, nr);
	}
	free(r);
	return 0;
}
