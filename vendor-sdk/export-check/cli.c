// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The command line.  Each mode takes its own options; an option another
 * mode needs, or two modes at once, is a usage error rather than ignored,
 * since a silently ignored option answers a question nobody asked.
 */

#include "cli.h"
#include "util.h"

#include <getopt.h>
#include <string.h>

const char cli_usage[] =
	"usage: export-check [--json] [--verbose] [--sig-enforce[=HOW]] --kernel DIR\n"
	"                    [--source SRC] MODULE|DIR...\n"
	"       export-check [--json] [--verbose] [--sig-enforce[=HOW]]\n"
	"                    (--kernel NAME=DIR [--source NAME=SRC])... MODULE|DIR...\n"
	"       export-check [--json] [--verbose] --symvers FILE --license-h FILE MODULE|DIR...\n"
	"       export-check --table [--json] [--also SYMBOL]... [--source NAME=SRC]...\n"
	"                    NAME=DIR...\n"
	"       export-check --guard --kernel DIR\n"
	"       export-check --gpl-compatible LICENCE (--kernel DIR | --license-h FILE)\n"
	"       export-check --taint-flags --kernel DIR [--source SRC]\n"
	"       export-check --version\n"
	"\n"
	"Check kernel modules (.ko, .ko.xz, .ko.gz, .ko.zst; directories are\n"
	"searched) against a kernel, as its loader would (6.1's rules, and the\n"
	"kernel's own where its loader's source is there), stage by stage:\n"
	"signature, the size of struct module (6.12), module_layout's CRC,\n"
	"vermagic, licence and taints, then each symbol (exported? GPL-only?\n"
	"its CRC? its namespace?).  Modules given together are one package:\n"
	"they may use each other's exports, and load in the order of their\n"
	"dependencies.  Prints for each module \"loads\", \"loads, taints P O\"\n"
	"or \"refused\" (with the taints applied before the refusal), and the\n"
	"reasons.\n"
	"\n"
	"  -k, --kernel DIR  the kernel's build directory.  A distribution's\n"
	"                    headers work as installed, e.g. Debian's\n"
	"                    /usr/src/linux-headers-6.1.0-57-amd64 or\n"
	"                    /lib/modules/6.1.0-57-amd64/build (whose files come\n"
	"                    partly from linux-headers-6.1.0-57-common), and also\n"
	"                    unpacked with dpkg-deb -x under another directory.\n"
	"                    NAME=DIR names it (NAME without a slash); given\n"
	"                    several, the modules are checked against each in\n"
	"                    turn, under its NAME\n"
	"  -s, --symvers FILE\n"
	"                    a Module.symvers, instead of --kernel\n"
	"  -l, --license-h FILE\n"
	"                    the kernel's include/linux/license.h\n"
	"      --sig-enforce[=HOW]\n"
	"                    the machine refuses unsigned modules: HOW is\n"
	"                    sig_enforce (module.sig_enforce=1, the default) or\n"
	"                    lockdown (Secure Boot, or lockdown=integrity)\n"
	"  -j, --json        JSON on standard output (\"schema\": \"export-check/1\";\n"
	"                    \"export-check-kernels/1\" with several kernels,\n"
	"                    \"export-check-table/1\" with --table)\n"
	"  -v, --verbose     list every imported symbol and its status\n"
	"  -t, --table       the LSM permission table of each NAME=DIR kernel:\n"
	"                    exports of security/ and kernel/capability.c, read\n"
	"                    from DIR's objects, with DIR's Module.symvers\n"
	"  -a, --also SYMBOL with --table: list SYMBOL too, a global symbol of\n"
	"                    those files, exported or not\n"
	"      --source [NAME=]SRC\n"
	"                    the source tree of --kernel [NAME=]DIR, where DIR\n"
	"                    lacks the loader's source (kernel/module/main.c)\n"
	"                    and kernel/panic.c, as a distribution's headers\n"
	"                    do: its rules are read from there, not assumed\n"
	"      --source NAME=SRC\n"
	"                    with --table: read kernel NAME's exports from the\n"
	"                    EXPORT_SYMBOL lines of its source tree SRC, for a\n"
	"                    DIR without objects (a distribution's headers)\n"
	"  -g, --guard       print kit/gpl_guard.h for the kernel: each use of a\n"
	"                    GPL-only export becomes a compile-time error in a\n"
	"                    module whose licence is not GPL-compatible\n"
	"  -G, --gpl-compatible LICENCE\n"
	"                    exit 0 (and print yes) if the kernel treats LICENCE\n"
	"                    as GPL-compatible, else 1 (and print no)\n"
	"  -T, --taint-flags print the kernel's taint flags, one a line: bit,\n"
	"                    letter, name, \"module\" if a module carries it too\n"
	"                    or \"kernel\", and meaning, separated by tabs\n"
	"  -h, --help        this text\n"
	"  -V, --version     the version of export-check\n"
	"\n"
	"Examples:\n"
	"  export-check --kernel /lib/modules/$(uname -r)/build my_module.ko\n"
	"  export-check --sig-enforce=lockdown \\\n"
	"      --kernel /usr/src/linux-headers-6.1.0-57-amd64 build/package/\n"
	"  export-check --kernel bookworm=/usr/src/linux-headers-6.1.0-57-amd64 \\\n"
	"      --kernel trixie=/usr/src/linux-headers-6.12.118+deb13-amd64 my_module.ko\n"
	"\n"
	"Exit status: 0 if every module loads (in every kernel), 1 if any is\n"
	"refused, 2 for bad input or usage.\n";

/* The options a mode may not be given: their bits in struct seen. */
enum {
	OPT_KERNEL = 1 << 0,
	OPT_SYMVERS = 1 << 1,
	OPT_LICENSE_H = 1 << 2,
	OPT_JSON = 1 << 3,
	OPT_VERBOSE = 1 << 4,
	OPT_SIG_ENFORCE = 1 << 5,
	OPT_OPERANDS = 1 << 6,
	OPT_ALSO = 1 << 7,
	OPT_SOURCE = 1 << 8,
};

static const char *const opt_names[] = {
	"--kernel", "--symvers", "--license-h", "--json", "--verbose",
	"--sig-enforce", "an operand", "--also", "--source",
};

static int set_mode(struct cli *c, enum cli_mode mode, const char **name,
		    const char *opt, char *err, size_t errlen)
{
	if (*name && strcmp(*name, opt))
		return fail(err, errlen, "%s and %s cannot be combined",
			    *name, opt);
	*name = opt;
	c->mode = mode;
	return 0;
}

static int parse_sig_enforce(struct cli *c, const char *how, char *err,
			     size_t errlen)
{
	if (!how || strcmp(how, "sig_enforce") == 0 ||
	    strcmp(how, "module.sig_enforce") == 0)
		c->sig_enforce = SIG_ENFORCE_PARAM;
	else if (strcmp(how, "lockdown") == 0)
		c->sig_enforce = SIG_ENFORCE_LOCKDOWN;
	else
		return fail(err, errlen,
			    "--sig-enforce=%s: not sig_enforce or lockdown", how);
	return 0;
}

/* Add optarg to LIST, of *N options OPT given so far and MAX at most. */
static int append(const char **list, int *n, int max, const char *opt,
		  char *err, size_t errlen)
{
	if (*n == max)
		return fail(err, errlen, "%s %s: at most %d %s", opt, optarg,
			    max, opt);
	list[(*n)++] = optarg;
	return 0;
}

/* ARG as NAME=DIR into K, NAME a name (no '/'): 0, or -1 if it is not. */
static int split_named(const char *arg, struct cli_kernel *k)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;

	if (!n || n >= CLI_NAME_MAX || !eq[1] || memchr(arg, '/', n))
		return -1;
	memcpy(k->name, arg, n);
	k->name[n] = '\0';
	k->dir = eq + 1;
	return 0;
}

/*
 * C's kernels: the N of ARGS, each NAME=DIR, but for one kernel, which may
 * be DIR alone (unless MUST_NAME); each given the one of the N_SOURCES
 * SOURCES that is NAME=SRC for it (for an unnamed kernel, the one SRC).
 */
static int name_kernels(struct cli *c, const char *const *args, int n,
			int must_name, const char *const *sources,
			int n_sources, char *err, size_t errlen)
{
	struct cli_kernel src;
	int i, j, named = 0;

	if (n > CLI_KERNELS_MAX)
		return fail(err, errlen, "%d kernels: at most %d", n,
			    CLI_KERNELS_MAX);
	for (i = 0; i < n; i++) {
		c->kernels[i] = (struct cli_kernel){ .dir = args[i] };
		named = !split_named(args[i], &c->kernels[i]);
		if (!named && (must_name || n > 1))
			return fail(err, errlen, "%s: not NAME=DIR", args[i]);
		for (j = 0; named && j < i; j++)
			if (!strcmp(c->kernels[j].name, c->kernels[i].name))
				return fail(err, errlen, "%s: a second kernel named %s",
					    args[i], c->kernels[i].name);
	}
	c->n_kernels = n;
	for (j = 0; j < n_sources; j++) {
		/* One kernel's source may be SRC alone; an unnamed one's is. */
		if (n == 1 && (!named || split_named(sources[j], &src))) {
			if (n_sources > 1)
				return fail(err, errlen,
					    "--source SRC: one, for the kernel --kernel DIR gives");
			c->kernels[0].source = sources[j];
			continue;
		}
		i = split_named(sources[j], &src) ? n : 0;
		for (; i < n; i++)
			if (!strcmp(src.name, c->kernels[i].name))
				break;
		if (i >= n)
			return fail(err, errlen,
				    "--source %s: not NAME=SRC for a NAME=DIR given",
				    sources[j]);
		if (c->kernels[i].source)
			return fail(err, errlen, "--source %s: a second source for %s",
				    sources[j], src.name);
		c->kernels[i].source = src.dir;
	}
	return 0;
}

int cli_parse(int argc, char **argv, struct cli *c, char *err, size_t errlen)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "symvers", required_argument, NULL, 's' },
		{ "license-h", required_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "sig-enforce", optional_argument, NULL, 'S' },
		{ "table", no_argument, NULL, 't' },
		{ "also", required_argument, NULL, 'a' },
		{ "source", required_argument, NULL, 'r' },
		{ "guard", no_argument, NULL, 'g' },
		{ "gpl-compatible", required_argument, NULL, 'G' },
		{ "taint-flags", no_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *mode = NULL, *kernels[CLI_KERNELS_MAX];
	const char *sources[CLI_KERNELS_MAX];
	unsigned int seen = 0, banned = 0;
	int o, r = 0, help = 0, version = 0, n_kernels = 0, n_sources = 0;
	size_t i;

	*c = (struct cli){ .mode = MODE_CHECK };
	opterr = 0;	/* one line of our own instead */
	optind = 1;
	/*
	 * All of them are read: --help or --version anywhere wins over an
	 * error.  The leading ':' has a missing argument answered as ':'.
	 */
	while ((o = getopt_long(argc, argv, ":k:s:l:jvta:gG:ThV", longopts,
				NULL)) != -1) {
		switch (o) {
		case 'k':
			seen |= OPT_KERNEL;
			r = r ? r : append(kernels, &n_kernels,
					   CLI_KERNELS_MAX, "--kernel", err,
					   errlen);
			break;
		case 's':
			c->symvers = optarg;
			seen |= OPT_SYMVERS;
			break;
		case 'l':
			c->license_h = optarg;
			seen |= OPT_LICENSE_H;
			break;
		case 'j':
			c->json = 1;
			seen |= OPT_JSON;
			break;
		case 'v':
			c->verbose = 1;
			seen |= OPT_VERBOSE;
			break;
		case 'S':
			seen |= OPT_SIG_ENFORCE;
			r = r ? r : parse_sig_enforce(c, optarg, err, errlen);
			break;
		case 't':
			r = r ? r : set_mode(c, MODE_TABLE, &mode, "--table",
					     err, errlen);
			break;
		case 'a':
			seen |= OPT_ALSO;
			r = r ? r : append(c->also, &c->n_also, CLI_ALSO_MAX,
					   "--also", err, errlen);
			break;
		case 'r':
			/* Long only: 'r' is not in the short options. */
			seen |= OPT_SOURCE;
			r = r ? r : append(sources, &n_sources,
					   CLI_KERNELS_MAX, "--source", err,
					   errlen);
			break;
		case 'g':
			r = r ? r : set_mode(c, MODE_GUARD, &mode, "--guard",
					     err, errlen);
			break;
		case 'G':
			c->licence = optarg;
			r = r ? r : set_mode(c, MODE_GPL_COMPATIBLE, &mode,
					     "--gpl-compatible", err, errlen);
			break;
		case 'T':
			r = r ? r : set_mode(c, MODE_TAINT_FLAGS, &mode,
					     "--taint-flags", err, errlen);
			break;
		case 'h':
			help = 1;
			break;
		case 'V':
			version = 1;
			break;
		case ':':
			r = r ? r : fail(err, errlen, "%s: missing argument",
					 argv[optind - 1]);
			break;
		default:
			/* optopt is the letter of an unknown short option. */
			if (optopt)
				r = r ? r : fail(err, errlen,
						 "-%c: unknown option", optopt);
			else
				r = r ? r : fail(err, errlen,
						 "%s: unknown option",
						 argv[optind - 1]);
			break;
		}
	}
	if (help || version) {
		c->mode = help ? MODE_HELP : MODE_VERSION;
		return 0;
	}
	if (r)
		return -1;
	c->args = argv + optind;
	c->n_args = argc - optind;
	if (c->n_args)
		seen |= OPT_OPERANDS;
	switch (c->mode) {
	case MODE_CHECK:
		if (seen & OPT_ALSO)
			return fail(err, errlen, "--also needs --table");
		if (!n_kernels && n_sources)
			return fail(err, errlen,
				    "--source SRC: one, for the kernel --kernel DIR gives");
		break;
	case MODE_TABLE:
		banned = OPT_KERNEL | OPT_SYMVERS | OPT_LICENSE_H |
			 OPT_VERBOSE | OPT_SIG_ENFORCE;
		if (!(seen & banned) &&
		    name_kernels(c, (const char *const *)c->args, c->n_args, 1,
				 sources, n_sources, err, errlen))
			return -1;
		break;
	case MODE_GUARD:
		banned = OPT_SYMVERS | OPT_LICENSE_H | OPT_JSON |
			 OPT_VERBOSE | OPT_SIG_ENFORCE | OPT_OPERANDS |
			 OPT_ALSO | OPT_SOURCE;
		if (n_kernels != 1 || seen & banned)
			return fail(err, errlen,
				    "%s takes --kernel DIR and nothing else",
				    mode);
		break;
	case MODE_TAINT_FLAGS:
		banned = OPT_SYMVERS | OPT_LICENSE_H | OPT_JSON |
			 OPT_VERBOSE | OPT_SIG_ENFORCE | OPT_OPERANDS |
			 OPT_ALSO;
		if (n_kernels != 1 || seen & banned || n_sources > 1)
			return fail(err, errlen,
				    "%s takes --kernel DIR [--source SRC] and nothing else",
				    mode);
		break;
	case MODE_GPL_COMPATIBLE:
		banned = OPT_SYMVERS | OPT_JSON | OPT_VERBOSE |
			 OPT_SIG_ENFORCE | OPT_OPERANDS | OPT_ALSO |
			 OPT_SOURCE;
		if (n_kernels > 1)
			return fail(err, errlen,
				    "--gpl-compatible takes one --kernel");
		if (!n_kernels && !c->license_h)
			return fail(err, errlen,
				    "--gpl-compatible: needs --kernel DIR or --license-h FILE");
		break;
	case MODE_HELP:
	case MODE_VERSION:
		return 0;
	}
	for (i = 0; i < sizeof(opt_names) / sizeof(*opt_names); i++)
		if (seen & banned & (1u << i))
			return fail(err, errlen, "%s does not take %s", mode,
				    opt_names[i]);
	if (c->mode == MODE_CHECK && !n_kernels == !c->symvers)
		return fail(err, errlen,
			    "give exactly one of --kernel and --symvers");
	/* The --kernel options: one DIR, or each NAME=DIR. */
	if (c->mode != MODE_TABLE && n_kernels) {
		if (name_kernels(c, kernels, n_kernels, 0, sources, n_sources,
				 err, errlen))
			return -1;
		c->dir = c->kernels[0].dir;
	}
	if (c->mode == MODE_CHECK && !c->n_args)
		return fail(err, errlen, "no module given");
	return 0;
}
