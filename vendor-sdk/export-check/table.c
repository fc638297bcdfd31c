// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The LSM permission table.  Which file defines an export is read from the
 * built object files: each export leaves a __ksymtab_<symbol> symbol in the
 * object of the file that exports it.  Its type and namespace come from the
 * kernel's Module.symvers.  A symbol given with --also is listed whether it
 * is exported or not, found as a global symbol of one of those objects.
 */

#include "table.h"

#include <fcntl.h>
#include <ftw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "json.h"
#include "ksymtab.h"
#include "symvers.h"
#include "util.h"

#define MAX_KERNELS 8

struct row {
	char *symbol;
	char *file;
	const struct export *exp[MAX_KERNELS];
};

static struct row *rows;
static size_t n_rows, cap_rows;
static const char *tree;	/* the tree being scanned, for relative names */
static const char *const *also;	/* --also symbols */
static int n_also;

static struct row *row_for(const char *symbol)
{
	size_t i;

	for (i = 0; i < n_rows; i++)
		if (strcmp(rows[i].symbol, symbol) == 0)
			return &rows[i];
	rows = grow(rows, n_rows, &cap_rows, sizeof(*rows), 128);
	rows[n_rows] = (struct row){ .symbol = xstrdup(symbol) };
	return &rows[n_rows++];
}

/* The object file scan_object() is reading, relative to the tree. */
static const char *scanning;

/* R is defined in the object being scanned: name its source file. */
static void set_file(struct row *r)
{
	char *file;

	if (r->file)
		return;
	file = xstrdup(scanning + strlen(tree) + 1);
	strcpy(file + strlen(file) - 1, "c");	/* foo.o -> foo.c */
	r->file = file;
}

static void on_export(void *arg, const char *name, int gpl_only)
{
	(void)arg;
	(void)gpl_only;		/* Module.symvers says, for each kernel */
	set_file(row_for(name));
}

static void on_defined(void *arg, const char *name)
{
	int i;

	(void)arg;
	for (i = 0; i < n_also; i++)
		if (strcmp(name, also[i]) == 0)
			set_file(row_for(name));
}

/* Record the exports defined by the object file PATH. */
static void scan_object(const char *path)
{
	static const struct ksymtab_visitor v = {
		.on_export = on_export, .on_defined = on_defined,
	};
	int fd = open(path, O_RDONLY);
	struct symtab st;
	char err[256];
	Elf *elf;

	if (fd < 0)
		return;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	scanning = path;
	/* Not every .o under security/ is an ELF object; skip those. */
	if (elf && elf_kind(elf) == ELF_K_ELF &&
	    symtab_find(elf, &st, err, sizeof(err)) == 0)
		ksymtab_scan(&st, &v, err, sizeof(err));
	if (elf)
		elf_end(elf);
	close(fd);
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	size_t n = strlen(path);

	(void)st;
	(void)ftw;
	if (type == FTW_F && n > 2 && strcmp(path + n - 2, ".o") == 0 &&
	    !(n > 6 && strcmp(path + n - 6, ".mod.o") == 0))
		scan_object(path);
	return 0;
}

static int by_file_then_symbol(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");

	return c ? c : strcmp(x->symbol, y->symbol);
}

static int usable(const struct export *e)
{
	return e && !e->gpl_only;
}

static int differs(const struct row *r, size_t nk)
{
	size_t i;

	for (i = 1; i < nk; i++)
		if (!r->exp[i] != !r->exp[0] ||
		    (r->exp[i] && (usable(r->exp[i]) != usable(r->exp[0]) ||
				   strcmp(r->exp[i]->ns, r->exp[0]->ns))))
			return 1;
	return 0;
}

static void print_markdown(char **names, size_t nk)
{
	size_t i, j;

	printf("| symbol | defined in | namespace |");
	for (j = 0; j < nk; j++)
		printf(" %s export | %s: non-GPL may use |", names[j], names[j]);
	printf(" differs |\n|---|---|---|");
	for (j = 0; j < nk; j++)
		printf("---|---|");
	printf("---|\n");
	for (i = 0; i < n_rows; i++) {
		const struct row *r = &rows[i];
		const struct export *any = NULL;

		for (j = 0; j < nk && !any; j++)
			any = r->exp[j];
		printf("| `%s` | `%s` | %s |", r->symbol, r->file,
		       any && *any->ns ? any->ns : "");
		for (j = 0; j < nk; j++)
			printf(" %s | %s |",
			       r->exp[j] ? r->exp[j]->type : "not exported",
			       usable(r->exp[j]) ? "yes" : "**no**");
		printf(" %s |\n", differs(r, nk) ? "**yes**" : "");
	}
}

static void print_json(char **names, size_t nk)
{
	struct json j;
	size_t i, k;

	json_init(&j, stdout);
	json_object_begin(&j);
	json_key(&j, "schema");
	json_string(&j, TABLE_SCHEMA);
	json_key(&j, "kernels");
	json_strings(&j, names, nk);
	json_key(&j, "symbols");
	json_array_lines_begin(&j);
	for (i = 0; i < n_rows; i++) {
		const struct row *r = &rows[i];

		json_object_begin(&j);
		json_key(&j, "symbol");
		json_string(&j, r->symbol);
		json_key(&j, "file");
		json_string(&j, r->file);
		json_key(&j, "differs");
		json_bool(&j, differs(r, nk));
		json_key(&j, "kernels");
		json_object_begin(&j);
		for (k = 0; k < nk; k++) {
			json_key(&j, names[k]);
			json_object_begin(&j);
			json_key(&j, "export");
			json_string(&j, r->exp[k] ? r->exp[k]->type : NULL);
			json_key(&j, "namespace");
			json_string(&j, r->exp[k] && *r->exp[k]->ns ?
				    r->exp[k]->ns : NULL);
			json_key(&j, "non_gpl_may_use");
			json_bool(&j, usable(r->exp[k]));
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

int table_main(int nargs, char **args, const char *const *also_symbols,
	       int n_also_symbols, int json)
{
	struct symvers sv[MAX_KERNELS];
	char *names[MAX_KERNELS], *dirs[MAX_KERNELS];
	char err[256], *path;
	size_t nk = (size_t)nargs, i, j;
	int rc = 0;

	also = also_symbols;
	n_also = n_also_symbols;
	if (nargs < 1 || nargs > MAX_KERNELS) {
		fprintf(stderr, "export-check: --table takes 1 to %d NAME=DIR kernels\n",
			MAX_KERNELS);
		return EXIT_BAD_INPUT;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "export-check: libelf: out of date\n");
		return EXIT_BAD_INPUT;
	}
	for (j = 0; j < nk; j++) {
		char *eq = strchr(args[j], '=');

		if (!eq || eq == args[j] || !eq[1]) {
			fprintf(stderr, "export-check: %s: not NAME=DIR\n", args[j]);
			return EXIT_BAD_INPUT;
		}
		*eq = '\0';
		names[j] = args[j];
		dirs[j] = eq + 1;
		path = xasprintf("%s/Module.symvers", dirs[j]);
		if (symvers_load(path, &sv[j], err, sizeof(err))) {
			fprintf(stderr, "export-check: %s: %s\n", path, err);
			return EXIT_BAD_INPUT;
		}
		free(path);
		/* The defining files of this kernel's LSM exports. */
		tree = dirs[j];
		path = xasprintf("%s/security", dirs[j]);
		if (nftw(path, visit, 32, FTW_PHYS)) {
			fprintf(stderr,
				"export-check: %s: cannot walk it; is %s a built kernel tree?\n",
				path, dirs[j]);
			return EXIT_BAD_INPUT;
		}
		free(path);
		path = xasprintf("%s/kernel/capability.o", dirs[j]);
		scan_object(path);
		free(path);
	}
	for (i = 0; i < (size_t)n_also && rc == 0; i++)
		if (!row_for(also[i])->file) {
			fprintf(stderr,
				"export-check: --also %s: no global symbol of that name in security/ or kernel/capability.o\n",
				also[i]);
			rc = EXIT_BAD_INPUT;
		}
	for (i = 0; i < n_rows; i++)
		for (j = 0; j < nk; j++)
			rows[i].exp[j] = symvers_find(&sv[j], rows[i].symbol);
	if (n_rows)
		qsort(rows, n_rows, sizeof(*rows), by_file_then_symbol);
	if (rc == 0 && json)
		print_json(names, nk);
	else if (rc == 0)
		print_markdown(names, nk);
	for (i = 0; i < n_rows; i++) {
		free(rows[i].symbol);
		free(rows[i].file);
	}
	free(rows);
	for (j = 0; j < nk; j++)
		symvers_free(&sv[j]);
	return rc ? rc : n_rows ? 0 : 2;
}
