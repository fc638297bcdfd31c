// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * export-check: tell a module vendor, before anything is booted, whether a
 * kernel will load a module and why, applying the kernel's own rules.
 */

#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elfmod.h"
#include "guard.h"
#include "kernel.h"
#include "modfile.h"
#include "report.h"
#include "table.h"
#include "verdict.h"

static const char usage[] =
	"usage: export-check [--json] [--verbose] --kernel DIR MODULE|DIR...\n"
	"       export-check [--json] [--verbose] --symvers FILE --license-h FILE MODULE|DIR...\n"
	"       export-check --table [--json] NAME=DIR...\n"
	"       export-check --guard --kernel DIR\n"
	"       export-check --gpl-compatible LICENCE (--kernel DIR | --license-h FILE)\n"
	"\n"
	"Check kernel modules (.ko, .ko.xz, .ko.gz, .ko.zst; directories are\n"
	"searched) against a kernel: its Module.symvers, the licences its\n"
	"include/linux/license.h treats as GPL-compatible, its release and its\n"
	"loader's name-based taints.  Prints for each module \"loads\", \"loads,\n"
	"taints P O\" or \"refused\", with the reasons.\n"
	"\n"
	"  --kernel DIR      the kernel's build directory\n"
	"  --symvers FILE    a Module.symvers, instead of --kernel\n"
	"  --license-h FILE  the kernel's include/linux/license.h\n"
	"  --json            JSON on standard output\n"
	"  --verbose         list every imported symbol and its status\n"
	"  --table           the LSM permission table of each NAME=DIR kernel:\n"
	"                    exports of security/ and kernel/capability.c\n"
	"  --guard           print kit/gpl_guard.h for the kernel: each use of a\n"
	"                    GPL-only export becomes a compile-time error in a\n"
	"                    module whose licence is not GPL-compatible\n"
	"  --gpl-compatible LICENCE\n"
	"                    exit 0 (and print yes) if the kernel treats LICENCE\n"
	"                    as GPL-compatible, else 1 (and print no)\n"
	"  --help            this text\n"
	"\n"
	"Exit status: 0 if every module loads, 1 if any is refused, 2 for bad\n"
	"input or usage.\n";

static struct {
	char **paths;
	size_t n, cap;
} found;

static void die(const char *what, const char *why)
{
	fprintf(stderr, "export-check: %s: %s\n", what, why);
	exit(2);
}

static void add_path(const char *path)
{
	if (found.n == found.cap) {
		char **more;

		found.cap = found.cap ? found.cap * 2 : 64;
		more = realloc(found.paths, found.cap * sizeof(*more));
		if (!more)
			die("export-check", "out of memory");
		found.paths = more;
	}
	found.paths[found.n] = strdup(path);
	if (!found.paths[found.n++])
		die("export-check", "out of memory");
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

/* --gpl-compatible: the kernel's own license.h decides. */
static int gpl_compatible_main(const char *licence, const char *dir,
			       const char *license_h)
{
	struct kernel k;
	char err[512];
	int yes;

	if (!dir && !license_h)
		die("--gpl-compatible", "needs --kernel DIR or --license-h FILE");
	if (dir) {
		if (kernel_load(&k, dir, NULL, license_h, err, sizeof(err)))
			die("kernel", err);
	} else {
		k = (struct kernel){ 0 };
		if (kernel_load_license_h(&k, license_h, err, sizeof(err)))
			die("--license-h", err);
	}
	yes = kernel_license_is_gpl(&k, licence);
	puts(yes ? "yes" : "no");
	kernel_free(&k);
	return yes ? 0 : 1;
}

/* Pass 1: what PATH exports, for the modules that import from it. */
static void add_peer(const char *path, const struct kernel *k,
		     struct peers *peers)
{
	struct modfile mf;
	struct elfmod m;
	char err[256];

	if (modfile_read(path, &mf, err, sizeof(err)))
		return;		/* reported in pass 2 */
	if (elfmod_parse(mf.data, mf.size, &m, err, sizeof(err)) == 0) {
		peers_add(peers, &m, k);
		elfmod_free(&m);
	}
	modfile_free(&mf);
}

/* Pass 2.  Returns 0 loads, 1 refused, 2 bad input. */
static int check_one(const char *path, const struct kernel *k,
		     const struct peers *peers, int json, int verbose,
		     int *first)
{
	struct modfile mf;
	struct elfmod m;
	struct verdict v;
	char err[256];
	int refused;

	if (modfile_read(path, &mf, err, sizeof(err))) {
		fprintf(stderr, "export-check: %s: %s\n", path, err);
		return 2;
	}
	if (elfmod_parse(mf.data, mf.size, &m, err, sizeof(err))) {
		fprintf(stderr, "export-check: %s: %s\n", path, err);
		modfile_free(&mf);
		return 2;
	}
	verdict_compute(&m, k, peers, &v);
	if (json)
		report_json_module(stdout, path, &v, *first);
	else
		report_text(stdout, path, &v, verbose);
	*first = 0;
	refused = v.refused;
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
	return refused;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "symvers", required_argument, NULL, 's' },
		{ "license-h", required_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "table", no_argument, NULL, 't' },
		{ "guard", no_argument, NULL, 'g' },
		{ "gpl-compatible", required_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *symvers = NULL, *license_h = NULL;
	const char *licence = NULL;
	int json = 0, verbose = 0, table = 0, guard = 0, c, i, status = 0;
	int first = 1;
	struct peers peers = { 0 };
	struct kernel k;
	char err[512];
	size_t j;

	opterr = 0;	/* one line of our own instead */
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'k':
			dir = optarg;
			break;
		case 's':
			symvers = optarg;
			break;
		case 'l':
			license_h = optarg;
			break;
		case 'j':
			json = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 't':
			table = 1;
			break;
		case 'g':
			guard = 1;
			break;
		case 'G':
			licence = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fprintf(stderr, "export-check: %s: unknown option or missing argument; see export-check --help\n",
				argv[optind - 1]);
			return 2;
		}
	}
	if (table)
		return table_main(argc - optind, argv + optind, json);
	if (licence)
		return gpl_compatible_main(licence, dir, license_h);
	if (guard) {
		if (!dir || optind != argc) {
			fputs("export-check: --guard takes --kernel DIR and nothing else; see export-check --help\n",
			      stderr);
			return 2;
		}
		if (kernel_load(&k, dir, NULL, NULL, err, sizeof(err)))
			die("kernel", err);
		guard_write(stdout, &k);
		kernel_free(&k);
		return ferror(stdout) ? 2 : 0;
	}
	if (!dir == !symvers || optind == argc) {
		fprintf(stderr, "export-check: %s; see export-check --help\n",
			!dir == !symvers ? "give exactly one of --kernel and --symvers" :
					   "no module given");
		return 2;
	}
	if (kernel_load(&k, dir, symvers, license_h, err, sizeof(err)))
		die("kernel", err);

	for (i = optind; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st))
			die(argv[i], "no such file or directory");
		if (S_ISDIR(st.st_mode)) {
			size_t before = found.n;

			if (nftw(argv[i], visit, 32, FTW_PHYS))
				die(argv[i], "cannot walk the directory");
			if (found.n == before)
				die(argv[i], "no .ko, .ko.xz, .ko.gz or .ko.zst files in it");
			qsort(found.paths + before, found.n - before,
			      sizeof(*found.paths), by_name);
		} else {
			add_path(argv[i]);
		}
	}

	for (j = 0; j < found.n; j++)
		add_peer(found.paths[j], &k, &peers);
	if (json)
		report_json_begin(stdout, &k);
	for (j = 0; j < found.n; j++) {
		int r = check_one(found.paths[j], &k, &peers, json, verbose,
				  &first);

		if (r > status)
			status = r;
		free(found.paths[j]);
	}
	if (json)
		report_json_end(stdout);
	free(found.paths);
	peers_free(&peers);
	kernel_free(&k);
	return status;
}
