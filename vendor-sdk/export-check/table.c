// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The LSM permission table.  Which file defines an export is read from the
 * built object files: each export leaves a __ksymtab_<symbol> symbol in the
 * object of the file that exports it.  A kernel without objects, such as a
 * distribution's headers, is read from its source instead: the
 * EXPORT_SYMBOL*() lines of security/ and kernel/capability.c, of which
 * those its Module.symvers lists, since the rest are configured out.  The
 * type and namespace of each export come from each kernel's Module.symvers.
 * A symbol given with --also is listed whether it is exported or not, found
 * as a global symbol of one of those objects.
 */

#include "table.h"

#include <ctype.h>
#include <fcntl.h>
#include <ftw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file.h"
#include "json.h"
#include "ksymtab.h"
#include "symvers.h"
#include "util.h"

/* A source file longer than this is not one of the kernel's. */
#define SOURCE_MAX (16u << 20)

struct row {
	char *symbol;
	char *file;
	const struct export *exp[CLI_KERNELS_MAX];
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

/* The source file of what is being scanned, relative to the tree. */
static char *scanning;
/* The kernel whose sources are scanned: only its exports are listed. */
static const struct symvers *scanning_symvers;
static size_t n_scanned;	/* objects or sources read, of this kernel */

/* R is defined in the file being scanned: name it. */
static void set_file(struct row *r)
{
	if (!r->file)
		r->file = xstrdup(scanning);
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
	/* Not every .o under security/ is an ELF object; skip those. */
	if (elf && elf_kind(elf) == ELF_K_ELF &&
	    symtab_find(elf, &st, err, sizeof(err)) == 0) {
		scanning = xstrdup(path + strlen(tree) + 1);
		strcpy(scanning + strlen(scanning) - 1, "c");	/* foo.o: foo.c */
		ksymtab_scan(&st, &v, err, sizeof(err));
		free(scanning);
		n_scanned++;
	}
	if (elf)
		elf_end(elf);
	close(fd);
}

/*
 * LINE is a line of the source being scanned: if it is EXPORT_SYMBOL(x),
 * or one of its variants (_GPL, _NS, _NS_GPL), and the kernel exports x,
 * record where.  Exports stand at the start of a line, in kernel style.
 */
static void scan_source_line(const char *line)
{
	const char *p = line + strlen("EXPORT_SYMBOL"), *name;
	char *symbol;

	if (strncmp(line, "EXPORT_SYMBOL", strlen("EXPORT_SYMBOL")))
		return;
	while (isupper((unsigned char)*p) || *p == '_')
		p++;
	if (*p++ != '(')
		return;
	while (isspace((unsigned char)*p))
		p++;
	for (name = p; isalnum((unsigned char)*p) || *p == '_'; p++)
		;
	if (p == name)
		return;
	symbol = xstrndup(name, (size_t)(p - name));
	if (symvers_find(scanning_symvers, symbol))
		set_file(row_for(symbol));
	free(symbol);
}

/* Record the exports of the source file PATH; a file it cannot read is an error. */
static int scan_source(const char *path)
{
	char *text, *line, *next, err[256];
	size_t size;

	if (file_read(path, SOURCE_MAX, &text, &size, err, sizeof(err))) {
		fprintf(stderr, "export-check: %s: %s\n", path, err);
		return -1;
	}
	scanning = xstrdup(path + strlen(tree) + 1);
	for (line = text; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		scan_source_line(line);
	}
	free(scanning);
	free(text);
	n_scanned++;
	return 0;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && strcmp(s + n - m, suffix) == 0;
}

static int visit_object(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F && ends_with(path, ".o") && !ends_with(path, ".mod.o"))
		scan_object(path);
	return 0;
}

static int visit_source(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	/* Non-zero, after scan_source()'s message, stops the walk. */
	if (type == FTW_F && ends_with(path, ".c"))
		return scan_source(path) ? 1 : 0;
	return 0;
}

/*
 * Record the exports of one kernel: from its objects under DIR, or with
 * SOURCE from the sources under SOURCE, of which those SV lists.
 */
static int scan_kernel(const char *dir, const char *source,
		       const struct symvers *sv)
{
	const char *root = source ? source : dir;
	char *path = xasprintf("%s/security", root);
	int r;

	tree = root;
	scanning_symvers = sv;
	n_scanned = 0;
	r = nftw(path, source ? visit_source : visit_object, 32, FTW_PHYS);
	if (r < 0)
		fprintf(stderr, "export-check: %s: cannot walk it; is %s a %s?\n",
			path, root, source ? "kernel source tree" : "built kernel tree");
	free(path);
	if (r)
		return -1;
	if (source) {
		path = xasprintf("%s/kernel/capability.c", root);
		r = scan_source(path);
	} else {
		path = xasprintf("%s/kernel/capability.o", root);
		scan_object(path);
	}
	free(path);
	if (r == 0 && !n_scanned) {
		fprintf(stderr,
			"export-check: %s: no object files under security/; for a kernel's headers, give its source with --source\n",
			dir);
		return -1;
	}
	return r;
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
			json_key(&j, "module");
			json_string(&j, r->exp[k] ? r->exp[k]->owner : NULL);
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

int table_main(const struct cli *c)
{
	struct symvers sv[CLI_KERNELS_MAX];
	char *names[CLI_KERNELS_MAX], err[256], *path;
	size_t nk = (size_t)c->n_kernels, n_loaded = 0, i, j;
	int rc = 0;

	also = c->also;
	n_also = c->n_also;
	if (c->n_args < 1 || c->n_args > CLI_KERNELS_MAX) {
		fprintf(stderr, "export-check: --table takes 1 to %d NAME=DIR kernels\n",
			CLI_KERNELS_MAX);
		return EXIT_BAD_INPUT;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "export-check: libelf: out of date\n");
		return EXIT_BAD_INPUT;
	}
	for (j = 0; j < nk; j++)
		names[j] = xstrdup(c->kernels[j].name);
	for (j = 0; j < nk && rc == 0; j++) {
		path = xasprintf("%s/Module.symvers", c->kernels[j].dir);
		if (symvers_load(path, &sv[j], err, sizeof(err))) {
			fprintf(stderr, "export-check: %s: %s\n", path, err);
			rc = EXIT_BAD_INPUT;
		} else {
			n_loaded++;
		}
		free(path);
		/* The defining files of this kernel's LSM exports. */
		if (rc == 0 && scan_kernel(c->kernels[j].dir, c->kernels[j].source,
					   &sv[j]))
			rc = EXIT_BAD_INPUT;
	}
	for (i = 0; i < (size_t)n_also && rc == 0; i++)
		if (!row_for(also[i])->file) {
			fprintf(stderr,
				"export-check: --also %s: no global symbol of that name in the objects of security/ or kernel/capability.o\n",
				also[i]);
			rc = EXIT_BAD_INPUT;
		}
	for (i = 0; i < n_rows && rc == 0; i++)
		for (j = 0; j < nk; j++)
			rows[i].exp[j] = symvers_find(&sv[j], rows[i].symbol);
	if (n_rows)
		qsort(rows, n_rows, sizeof(*rows), by_file_then_symbol);
	if (rc == 0 && c->json)
		print_json(names, nk);
	else if (rc == 0)
		print_markdown(names, nk);
	for (i = 0; i < n_rows; i++) {
		free(rows[i].symbol);
		free(rows[i].file);
	}
	free(rows);
	for (j = 0; j < n_loaded; j++)
		symvers_free(&sv[j]);
	for (j = 0; j < nk; j++)
		free(names[j]);
	return rc ? rc : n_rows ? 0 : 2;
}
