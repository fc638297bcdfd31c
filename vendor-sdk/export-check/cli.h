/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The command line: one mode, and the options that mode takes. */
#ifndef EXPORT_CHECK_CLI_H
#define EXPORT_CHECK_CLI_H

#include <stddef.h>

#include "verdict.h"

/* The exit statuses; main.c's catalogue says what each means. */
enum exit_status {
	EXIT_LOADS = 0,
	EXIT_REFUSED = 1,
	EXIT_BAD_INPUT = 2,
};

enum cli_mode {
	MODE_CHECK,
	MODE_TABLE,
	MODE_GUARD,
	MODE_GPL_COMPATIBLE,
	MODE_TAINT_FLAGS,
	MODE_HELP,
	MODE_VERSION,
};

/* The most --also options --table takes. */
#define CLI_ALSO_MAX 16
/* The most kernels a run names, and so the most --source options. */
#define CLI_KERNELS_MAX 8
/* The longest NAME of NAME=DIR, with its NUL. */
#define CLI_NAME_MAX 64

/*
 * A kernel the command line names: an operand NAME=DIR of --table, or a
 * --kernel of a check (DIR for one kernel, NAME=DIR each for several),
 * with the --source SRC (--source NAME=SRC for a named one) given for it.
 */
struct cli_kernel {
	char name[CLI_NAME_MAX];	/* "" for a check's one unnamed kernel */
	const char *dir;
	const char *source;		/* NULL if none */
};

struct cli {
	enum cli_mode mode;
	const char *dir, *symvers, *license_h, *licence;	/* dir: the first --kernel */
	int json, verbose;
	enum sig_enforce sig_enforce;
	char **args;		/* the operands: modules, or NAME=DIR */
	int n_args;
	const char *also[CLI_ALSO_MAX];	/* --table's --also SYMBOL */
	int n_also;
	struct cli_kernel kernels[CLI_KERNELS_MAX];
	int n_kernels;
};

/*
 * Parse ARGV.  Returns 0, or -1 with a one-line usage error in ERR (with
 * no "export-check: " prefix): an unknown option, two modes at once, or
 * an option or operand the mode does not take.
 */
int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen);

extern const char cli_usage[];

#endif
