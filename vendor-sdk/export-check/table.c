// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The LSM permission table.  Which file defines an export is read from the
 * built object files: each export leaves a __ksymtab_<symbol> symbol in the
 * object of the file that exports it.  Its type and namespace come from the
 * kernel's Module.symvers.
 */

#include "table.h"

#include <fcntl.h>
#include <ftw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "symvers.h"

#define MAX_KERNELS 8

struct row {
	char *symbol;
	char *file;
	const struct export *exp[MAX_KERNELS];
};

static struct row *rows;
static size_t n_rows, cap_rows;
static const char *tree;	/* the tree being scanned, for relative names */

static struct row *row_for(const char *symbol)
{
	size_t i;

	for (i = 0; i < n_rows; i++)
		if (strcmp(rows[i].symbol, symbol) == 0)
			return &rows[i];
	if (n_rows == cap_rows) {
		struct row *more;

		cap_rows = cap_rows ? cap_rows * 2 : 128;
		more = realloc(rows, cap_rows * sizeof(*more));
		if (!more)
			return NULL;
		rows = more;
	}
	rows[n_rows] = (struct row){ .symbol = strdup(symbol) };
	return &rows[n_rows++];
}

/* Record the exports defined by the object file PATH. */
static int scan_object(const char *path)
{
	static const char prefix[] = "__ksymtab_";
	int fd = open(path, O_RDONLY);
	Elf *elf;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t i;

	if (fd < 0)
		return -1;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	while (elf && (scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		for (i = 0; i < d->d_size / sizeof(Elf64_Sym); i++) {
			GElf_Sym sym;
			const char *name;
			struct row *r;
			char *file;

			if (!gelf_getsym(d, (int)i, &sym))
				break;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (!name || strncmp(name, prefix, sizeof(prefix) - 1))
				continue;
			r = row_for(name + sizeof(prefix) - 1);
			if (!r || r->file)
				continue;
			file = strdup(path + strlen(tree) + 1);
			if (file)
				strcpy(file + strlen(file) - 1, "c");
			r->file = file;
		}
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return 0;
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
	size_t i, j;

	printf("{\"kernels\": [");
	for (j = 0; j < nk; j++) {
		fputs(j ? ", " : "", stdout);
		json_string(stdout, names[j]);
	}
	printf("],\n \"symbols\": [");
	for (i = 0; i < n_rows; i++) {
		const struct row *r = &rows[i];

		printf("%s\n  {\"symbol\": ", i ? "," : "");
		json_string(stdout, r->symbol);
		printf(", \"file\": ");
		json_string(stdout, r->file);
		printf(", \"differs\": %s, \"kernels\": {",
		       differs(r, nk) ? "true" : "false");
		for (j = 0; j < nk; j++) {
			fputs(j ? ", " : "", stdout);
			json_string(stdout, names[j]);
			printf(": {\"export\": ");
			json_string(stdout, r->exp[j] ? r->exp[j]->type : NULL);
			printf(", \"namespace\": ");
			json_string(stdout, r->exp[j] && *r->exp[j]->ns ?
					    r->exp[j]->ns : NULL);
			printf(", \"non_gpl_may_use\": %s}",
			       usable(r->exp[j]) ? "true" : "false");
		}
		printf("}}");
	}
	printf("\n]}\n");
}

int table_main(int nargs, char **args, int json)
{
	struct symvers sv[MAX_KERNELS];
	char *names[MAX_KERNELS], *dirs[MAX_KERNELS];
	char err[256], *path;
	size_t nk = (size_t)nargs, i, j;

	if (nargs < 1 || nargs > MAX_KERNELS) {
		fprintf(stderr, "export-check: --table takes 1 to %d NAME=DIR kernels\n",
			MAX_KERNELS);
		return 2;
	}
	if (elf_version(EV_CURRENT) == EV_NONE)
		return 2;
	for (j = 0; j < nk; j++) {
		char *eq = strchr(args[j], '=');

		if (!eq || eq == args[j] || !eq[1]) {
			fprintf(stderr, "export-check: %s: not NAME=DIR\n", args[j]);
			return 2;
		}
		*eq = '\0';
		names[j] = args[j];
		dirs[j] = eq + 1;
		if (asprintf(&path, "%s/Module.symvers", dirs[j]) < 0)
			return 2;
		if (symvers_load(path, &sv[j], err, sizeof(err))) {
			fprintf(stderr, "export-check: %s: %s\n", path, err);
			return 2;
		}
		free(path);
		/* The defining files of this kernel's LSM exports. */
		tree = dirs[j];
		if (asprintf(&path, "%s/security", dirs[j]) < 0)
			return 2;
		if (nftw(path, visit, 32, FTW_PHYS)) {
			fprintf(stderr, "export-check: %s: cannot walk it; is %s a built kernel tree?\n",
				path, dirs[j]);
			return 2;
		}
		free(path);
		if (asprintf(&path, "%s/kernel/capability.o", dirs[j]) < 0)
			return 2;
		scan_object(path);
		free(path);
	}
	for (i = 0; i < n_rows; i++)
		for (j = 0; j < nk; j++)
			rows[i].exp[j] = symvers_find(&sv[j], rows[i].symbol);
	qsort(rows, n_rows, sizeof(*rows), by_file_then_symbol);
	if (json)
		print_json(names, nk);
	else
		print_markdown(names, nk);
	for (i = 0; i < n_rows; i++) {
		free(rows[i].symbol);
		free(rows[i].file);
	}
	free(rows);
	for (j = 0; j < nk; j++)
		symvers_free(&sv[j]);
	return n_rows ? 0 : 2;
}
