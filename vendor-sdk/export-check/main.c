// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * export-check: tell a module vendor, before anything is booted, whether a
 * kernel will load a module and why, applying the kernel's own rules.
 *
 * Exit status (the man page's EXIT STATUS says the same):
 *
 *   0  EXIT_LOADS      every module given loads; --gpl-compatible: the
 *                      licence is GPL-compatible; --table, --guard,
 *                      --taint-flags, --help, --version: done
 *   1  EXIT_REFUSED    at least one module is refused; --gpl-compatible:
 *                      the licence is not GPL-compatible
 *   2  EXIT_BAD_INPUT  bad input or usage: a file that cannot be read or
 *                      is not a module, a kernel tree that lacks a file,
 *                      an unknown option, two modes at once, an option
 *                      the mode does not take; or out of memory.  One line
 *                      on standard error names the input and what is wrong
 */

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "guard.h"
#include "kernel.h"
#include "json.h"
#include "modfile.h"
#include "report.h"
#include "run.h"
#include "table.h"
#include "util.h"

static struct {
	char **paths;
	size_t n, cap;
} found;

static void die(const char *what, const char *why)
{
	fprintf(stderr, "export-check: %s: %s\n", what, why);
	exit(EXIT_BAD_INPUT);
}

static void add_path(const char *path)
{
	found.paths = grow(found.paths, found.n, &found.cap,
			   sizeof(*found.paths), 64);
	found.paths[found.n++] = xstrdup(path);
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_F && modfile_is_module_name(path))
		add_path(path);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The modules named by ARGS: files as given, directories searched. */
static void collect(char **args, int n)
{
	struct stat st;
	size_t before;
	int i;

	for (i = 0; i < n; i++) {
		if (stat(args[i], &st))
			die(args[i], "no such file or directory");
		if (!S_ISDIR(st.st_mode)) {
			add_path(args[i]);
			continue;
		}
		before = found.n;
		if (nftw(args[i], visit, 32, FTW_PHYS))
			die(args[i], "cannot walk the directory");
		if (found.n == before)
			die(args[i], "no .ko, .ko.xz, .ko.gz or .ko.zst files in it");
		qsort(found.paths + before, found.n - before,
		      sizeof(*found.paths), by_name);
	}
}

/* --gpl-compatible: the kernel's own license.h decides. */
static int gpl_compatible_main(const struct cli *c)
{
	struct kernel k;
	char err[1024];
	int yes;

	if (kernel_load_licenses(&k, c->dir, c->license_h, err, sizeof(err)))
		die(c->dir ? "kernel" : "--license-h", err);
	yes = kernel_license_is_gpl(&k, c->licence);
	puts(yes ? "yes" : "no");
	kernel_free(&k);
	return yes ? EXIT_LOADS : EXIT_REFUSED;
}

static int guard_main(const struct cli *c)
{
	struct kernel k;
	char err[1024];

	if (kernel_load(&k, c->dir, NULL, NULL, NULL, err, sizeof(err)))
		die("kernel", err);
	guard_write(stdout, &k);
	kernel_free(&k);
	return ferror(stdout) ? EXIT_BAD_INPUT : EXIT_LOADS;
}

/* --taint-flags: the kernel's own, as verdicts use them. */
static int taint_flags_main(const struct cli *c)
{
	const struct taint_flag *f;
	struct kernel k;
	char err[1024];
	size_t i;

	if (kernel_load(&k, c->dir, c->kernels[0].source, NULL, NULL, err,
			sizeof(err)))
		die("kernel", err);
	for (i = 0; i < k.taint_flags.n; i++) {
		f = &k.taint_flags.flag[i];
		printf("%u\t%c\t%s\t%s\t%s\n", f->bit, f->letter, f->name,
		       f->module ? "module" : "kernel", f->meaning);
	}
	kernel_free(&k);
	return ferror(stdout) ? EXIT_BAD_INPUT : EXIT_LOADS;
}

/*
 * Each kernel's check, one after the other: under a heading naming it,
 * or in JSON as {"name", "check"} of one document, when there are
 * several.  Every kernel is read first, so that a bad one stops the run
 * before anything is printed.  The exit status is the worst of them.
 */
static int check_main(const struct cli *c)
{
	struct run_options o = {
		.json = c->json,
		.verbose = c->verbose,
		.verdict.sig_enforce = c->sig_enforce,
	};
	struct kernel k[CLI_KERNELS_MAX];
	size_t i, nk = c->n_kernels ? (size_t)c->n_kernels : 1;
	int several = nk > 1, status = EXIT_LOADS, s;
	char err[1024], *what;
	struct json j;

	for (i = 0; i < nk; i++) {
		const struct cli_kernel *ck = &c->kernels[i];

		if (!kernel_load(&k[i], c->n_kernels ? ck->dir : NULL,
				 c->n_kernels ? ck->source : NULL, c->symvers,
				 c->license_h, err, sizeof(err)))
			continue;
		while (i--)
			kernel_free(&k[i]);
		what = several ? xasprintf("kernel %s", ck->name) :
				 xstrdup("kernel");
		die(what, err);
	}
	collect(c->args, c->n_args);
	if (c->json) {
		json_init(&j, stdout);
		if (several) {
			json_object_begin(&j);
			json_key(&j, "schema");
			json_string(&j, REPORT_KERNELS_SCHEMA);
			json_key(&j, "kernels");
			json_array_lines_begin(&j);
		}
	}
	for (i = 0; i < nk; i++) {
		if (several && c->json) {
			json_object_begin(&j);
			json_key(&j, "name");
			json_string(&j, c->kernels[i].name);
			json_key(&j, "check");
		} else if (several) {
			printf("%skernel %s (%s):\n", i ? "\n" : "",
			       c->kernels[i].name, k[i].release);
		}
		s = run_check(&k[i], found.paths, found.n, &o, stdout,
			      c->json ? &j : NULL);
		if (several && c->json)
			json_object_end(&j);
		if (s > status)
			status = s;
		kernel_free(&k[i]);
	}
	if (c->json) {
		if (several) {
			json_array_end(&j);
			json_object_end(&j);
		}
		json_finish(&j);
	}
	for (i = 0; i < found.n; i++)
		free(found.paths[i]);
	free(found.paths);
	if (fflush(stdout) || ferror(stdout))
		die("standard output", "cannot write");
	return status;
}

int main(int argc, char **argv)
{
	struct cli c;
	char err[512];

	if (cli_parse(argc, argv, &c, err, sizeof(err))) {
		fprintf(stderr, "export-check: %s; see export-check --help\n",
			err);
		return EXIT_BAD_INPUT;
	}
	switch (c.mode) {
	case MODE_HELP:
		fputs(cli_usage, stdout);
		return EXIT_LOADS;
	case MODE_VERSION:
		puts("export-check " EXPORT_CHECK_VERSION);
		return EXIT_LOADS;
	case MODE_TABLE:
		return table_main(&c);
	case MODE_GPL_COMPATIBLE:
		return gpl_compatible_main(&c);
	case MODE_GUARD:
		return guard_main(&c);
	case MODE_TAINT_FLAGS:
		return taint_flags_main(&c);
	case MODE_CHECK:
		break;
	}
	return check_main(&c);
}
