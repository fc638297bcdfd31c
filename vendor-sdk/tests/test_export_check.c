// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Unit tests of export-check's parser and rules: on real modules built
 * against the kit's patched kernel, on damaged copies of them, on small
 * ELF files written here, and on modules and kernels described in memory,
 * for the cases the kit's kernels cannot show (CONFIG_MODVERSIONS, module
 * signing, Debian's split headers).
 *
 * Environment: FIXTURES (the directory of built fixture modules, one
 * sub-directory per module) and KDIR (the patched kernel's build tree).
 * SRCDIR (compiled in) is vendor-sdk/, for the man page, main.c and kit.mk.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gelf.h>

/* Before cmocka.h, whose fail() macro would rewrite util.h's fail(). */
#include "../export-check/btf.h"
#include "../export-check/cli.h"
#include "../export-check/elfmod.h"
#include "../export-check/file.h"
#include "../export-check/json.h"
#include "../export-check/kernel.h"
#include "../export-check/ksymtab.h"
#include "../export-check/map.h"
#include "../export-check/modfile.h"
#include "../export-check/taintflags.h"
#include "../export-check/order.h"
#include "../export-check/peers.h"
#include "../export-check/report.h"
#include "../export-check/tree.h"
#include "../export-check/util.h"
#include "../export-check/verdict.h"

#include <cmocka.h>

#ifndef SRCDIR
#error "build with -DSRCDIR=<vendor-sdk>"
#endif

/* The out-of-memory tests need malloc() to fail, not ASan to stop. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

static struct kernel kern;

#define N(a) (sizeof(a) / sizeof((a)[0]))

static char *fixture_path(const char *name)
{
	char *p;

	assert_true(asprintf(&p, "%s/%s/%s.ko", getenv("FIXTURES"), name,
			     name) > 0);
	return p;
}

static struct modfile load(const char *name)
{
	struct modfile mf;
	char err[256], *p = fixture_path(name);

	if (modfile_read(p, &mf, err, sizeof(err)))
		fail_msg("%s: %s", p, err);
	free(p);
	return mf;
}

/* Parse IMAGE and compute its verdict; fails the test on a parse error. */
static void judge(struct modfile *mf, struct elfmod *m, struct verdict *v)
{
	char err[256];

	if (elfmod_parse(mf->data, mf->size, m, err, sizeof(err)))
		fail_msg("parse: %s", err);
	verdict_compute(m, &kern, NULL, NULL, v);
}

/*
 * BASE, then E if the kernel the tests run against checks signatures: the
 * fixtures are unsigned, and the loader taints them E after the licence.
 */
static const char *unsigned_taints(const char *base)
{
	static char buf[16];

	snprintf(buf, sizeof(buf), "%s%s", base, kern.config.module_sig ? "E" : "");
	return buf;
}

static int has_line(const struct strlist *l, const char *needle)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strstr(l->s[i], needle))
			return 1;
	return 0;
}

static size_t count_lines(const struct strlist *l, const char *needle)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		n += strstr(l->s[i], needle) != NULL;
	return n;
}

/* The parse error for IMAGE, which must not parse. */
static void expect_error(struct modfile *mf, const char *needle)
{
	struct elfmod m;
	char err[256] = "";

	assert_int_equal(elfmod_parse(mf->data, mf->size, &m, err, sizeof(err)), -1);
	if (!strstr(err, needle))
		fail_msg("error \"%s\" lacks \"%s\"", err, needle);
	assert_null(strchr(err, '\n'));
}

/* Write TEXT to PATH, making its directory. */
static void write_file(const char *path, const char *text)
{
	char *dir = strdup(path), *cmd;
	FILE *f;

	*strrchr(dir, '/') = '\0';
	assert_true(asprintf(&cmd, "mkdir -p '%s'", dir) > 0);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static char *make_tmpdir(void)
{
	char *dir = strdup("/tmp/export-check-test.XXXXXX");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void remove_tree(const char *dir)
{
	char *cmd;

	assert_true(asprintf(&cmd, "rm -rf '%s'", dir) > 0);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

/* ---- modules and kernels described in memory ---------------------------- */

static void mod_info(struct elfmod *m, const char *text)
{
	const char *p = strpool_str(&m->pool, text), *eq = strchr(p, '=');

	m->info = xrealloc(m->info, (m->n_info + 1) * sizeof(*m->info));
	m->info[m->n_info++] = (struct modinfo_entry){
		.text = p,
		.key_len = eq ? (size_t)(eq - p) : strlen(p),
		.value = eq ? eq + 1 : NULL,
	};
	if (strncmp(text, "depends=", 8) == 0 && text[8]) {
		m->depends = xrealloc(m->depends,
				      (m->n_depends + 1) * sizeof(*m->depends));
		m->depends[m->n_depends++] = (char *)strpool_str(&m->pool, text + 8);
	}
}

static void mod_import(struct elfmod *m, const char *name)
{
	m->imports = xrealloc(m->imports, (m->n_imports + 1) * sizeof(*m->imports));
	m->imports[m->n_imports++] = (struct module_import){
		.name = strpool_str(&m->pool, name),
	};
}

static struct module_export *mod_export(struct elfmod *m, const char *name,
					int gpl_only)
{
	m->exports = xrealloc(m->exports, (m->n_exports + 1) * sizeof(*m->exports));
	m->exports[m->n_exports] = (struct module_export){
		.name = strpool_str(&m->pool, name),
		.gpl_only = gpl_only,
		.ns = "",
	};
	return &m->exports[m->n_exports++];
}

static int by_version(const void *a, const void *b)
{
	return strcmp(((const struct module_version *)a)->name,
		      ((const struct module_version *)b)->name);
}

static void mod_version(struct elfmod *m, const char *name, uint64_t crc)
{
	m->has_versions = 1;
	m->versions = xrealloc(m->versions,
			       (m->n_versions + 1) * sizeof(*m->versions));
	m->versions[m->n_versions++] = (struct module_version){
		.name = strpool_str(&m->pool, name), .crc = crc,
	};
	qsort(m->versions, m->n_versions, sizeof(*m->versions), by_version);
}

/* A kernel like Debian's: MODVERSIONS, signing; the CRCs below. */
static const char test_symvers[] =
	"0x9060323f\tmodule_layout\tvmlinux\tEXPORT_SYMBOL\t\n"
	"0x11111111\tprintk_like\tvmlinux\tEXPORT_SYMBOL\t\n"
	"0x22222222\tgpl_thing\tvmlinux\tEXPORT_SYMBOL_GPL\t\n"
	"0x33333333\tns_thing\tvmlinux\tEXPORT_SYMBOL\tMY_NS\n"
	"0x44444444\tdrm_thing\tdrivers/gpu/drm/drm\tEXPORT_SYMBOL\t\n";

struct kspec {
	int modversions, module_sig, sig_force, force_load, lockdown_sb;
};

static void make_kernel(struct kernel *k, const struct kspec *s)
{
	static const char *const forced[] = { "ndiswrapper", "driverloader", "lve" };
	char err[256];
	size_t i;

	*k = (struct kernel){ 0 };
	if (symvers_parse(xstrdup(test_symvers), strlen(test_symvers),
			  &k->symvers, err, sizeof(err)))
		fail_msg("symvers: %s", err);
	k->symvers_path = xstrdup("test/Module.symvers");
	strlist_addf(&k->gpl_licenses, "GPL");
	strlist_addf(&k->gpl_licenses, "Dual BSD/GPL");
	k->config = (struct kconfig){
		.known = 1, .smp = 1, .preempt_build = 1, .module_unload = 1,
		.modversions = s->modversions, .module_sig = s->module_sig,
		.module_sig_force = s->sig_force,
		.module_force_load = s->force_load,
		.lockdown_secure_boot = s->lockdown_sb,
	};
	k->modversions = s->modversions;
	k->release = xstrdup("6.1.0-57-amd64");
	k->vermagic = kernel_vermagic(k->release, &k->config, NULL);
	taint_flags_6_1(&k->taint_flags);
	k->forced = xcalloc(N(forced), sizeof(*k->forced));
	for (i = 0; i < N(forced); i++)
		k->forced[i] = (struct forced_taint){ xstrdup(forced[i]), i > 0 };
	k->n_forced = N(forced);
	k->forced_source = "test";
}

static const struct kspec debian = {
	.modversions = 1, .module_sig = 1, .force_load = 1, .lockdown_sb = 1,
};

/* ---- A1: one out-of-memory policy ---------------------------------------- */

/* Run FN in a child; return its exit status and what it wrote to stderr. */
static int in_child(void (*fn)(void), char *out, size_t len)
{
	int fds[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fds[1], 2);
		fn();
		_exit(0);
	}
	close(fds[1]);
	while (got < len - 1 && (n = read(fds[0], out + got, len - 1 - got)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fds[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static volatile size_t huge = (size_t)-1 / 2;

static void oom_malloc(void)
{
	free(xmalloc(huge));
}

static void oom_calloc(void)
{
	free(xcalloc(huge, 4));
}

static void oom_realloc(void)
{
	free(xrealloc(NULL, huge));
}

static void oom_grow(void)
{
	size_t cap = huge;

	free(grow(NULL, huge, &cap, 8, 16));
}

static void test_out_of_memory_policy(void **state)
{
	static void (*const cases[])(void) = {
		oom_malloc, oom_calloc, oom_realloc, oom_grow,
	};
	char out[256];
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *ours;

		assert_int_equal(in_child(cases[i], out, sizeof(out)), 2);
		/* Past what the sanitizers say, if anything: ours, once. */
		ours = out;
		while (strncmp(ours, "==", 2) == 0 && strchr(ours, '\n'))
			ours = strchr(ours, '\n') + 1;
		assert_string_equal(ours, "export-check: out of memory\n");
	}
}

/* ---- A2: one reader, one export scanner, one JSON writer, one GPL rule -- */

static void test_file_read(void **state)
{
	char *dir = make_tmpdir(), *path, *data, err[256];
	size_t size;

	(void)state;
	assert_true(asprintf(&path, "%s/f", dir) > 0);
	write_file(path, "abc");
	assert_int_equal(file_read(path, 100, &data, &size, err, sizeof(err)), 0);
	assert_int_equal(size, 3);
	assert_string_equal(data, "abc");	/* NUL-terminated */
	free(data);
	assert_int_equal(file_read(path, 2, &data, &size, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "larger than"));
	assert_int_equal(file_read(dir, 100, &data, &size, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot read"));
	free(path);
	assert_true(asprintf(&path, "%s/missing", dir) > 0);
	assert_int_equal(file_read(path, 100, &data, &size, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open"));
	free(path);
	remove_tree(dir);
	free(dir);
}

static void test_ksymtab_names(void **state)
{
	static const struct {
		const char *symbol, *section, *name;
		int gpl;
	} cases[] = {
		{ "__ksymtab_foo", "__ksymtab", "foo", 0 },
		{ "__ksymtab_foo", "__ksymtab_gpl", "foo", 1 },
		{ "__ksymtab_foo", "___ksymtab+foo", "foo", 0 },
		{ "__ksymtab_foo", "___ksymtab_gpl+foo", "foo", 1 },
		{ "__ksymtab_foo", "___ksymtab+bar", NULL, 0 },
		{ "__ksymtab_foo", "___ksymtab+", NULL, 0 },
		{ "__ksymtab_foo", ".data", NULL, 0 },
		{ "__ksymtab_foo", "__ksymtab_strings", NULL, 0 },
		{ "__ksymtab_foo", "__ksymtab_gplx", NULL, 0 },
		{ "__ksymtab_", "__ksymtab", NULL, 0 },
		{ "foo", "__ksymtab", NULL, 0 },
		{ "__kstrtab_foo", "__ksymtab", NULL, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		int gpl = -1;
		const char *name = ksymtab_export_name(cases[i].symbol,
						       cases[i].section, &gpl);

		if (!cases[i].name) {
			if (name)
				fail_msg("%s in %s: taken for an export",
					 cases[i].symbol, cases[i].section);
			continue;
		}
		assert_non_null(name);
		assert_string_equal(name, cases[i].name);
		assert_int_equal(gpl, cases[i].gpl);
	}
	assert_string_equal(ksymtab_crc_name("__crc_foo", "__kcrctab"), "foo");
	assert_string_equal(ksymtab_crc_name("__crc_foo", "__kcrctab_gpl"), "foo");
	assert_string_equal(ksymtab_crc_name("__crc_foo", "___kcrctab+foo"), "foo");
	assert_null(ksymtab_crc_name("__crc_foo", "__ksymtab"));
	assert_null(ksymtab_crc_name("__ksymtab_foo", "__kcrctab"));
}

static void test_json_strings(void **state)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "plain", "\"plain\"" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "tab\tnl\n", "\"tab\\u0009nl\\u000a\"" },
		{ "del\x7f", "\"del\\u007f\"" },
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },
		{ "\xe2\x82\xac\xf0\x9f\x98\x80", "\"\xe2\x82\xac\xf0\x9f\x98\x80\"" },
		{ "bad\xff", "\"bad\\u00ff\"" },
		{ "cut\xc3", "\"cut\\u00c3\"" },
		{ "overlong\xc0\xaf", "\"overlong\\u00c0\\u00af\"" },
		{ "surrogate\xed\xa0\x80", "\"surrogate\\u00ed\\u00a0\\u0080\"" },
		{ "big\xf4\x90\x80\x80", "\"big\\u00f4\\u0090\\u0080\\u0080\"" },
	};
	char *buf;
	size_t len, i;
	FILE *f;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		f = open_memstream(&buf, &len);
		json_write_string(f, cases[i].in);
		fclose(f);
		assert_string_equal(buf, cases[i].out);
		free(buf);
	}
	f = open_memstream(&buf, &len);
	json_write_string(f, NULL);
	fclose(f);
	assert_string_equal(buf, "null");
	free(buf);
}

static void test_json_structure(void **state)
{
	static char *const two[] = { "x", "y" };
	struct json j;
	char *buf;
	size_t len;
	FILE *f;

	(void)state;
	f = open_memstream(&buf, &len);
	json_init(&j, f);
	json_object_begin(&j);
	json_key(&j, "a");
	json_string(&j, "1");
	json_key(&j, "b");
	json_strings(&j, two, 2);
	json_key(&j, "c");
	json_array_lines_begin(&j);
	json_object_begin(&j);
	json_key(&j, "d");
	json_bool(&j, 1);
	json_object_end(&j);
	json_object_begin(&j);
	json_key(&j, "e");
	json_string(&j, NULL);
	json_object_end(&j);
	json_array_end(&j);
	json_key(&j, "f");
	json_array_begin(&j);
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
	fclose(f);
	assert_string_equal(buf,
			    "{\"a\": \"1\", \"b\": [\"x\", \"y\"], \"c\": [\n  {\"d\": true},\n"
			    "  {\"e\": null}\n], \"f\": []}\n");
	free(buf);
}

/*
 * The licence rule: listed is license_is_gpl_compatible() of the first
 * license= (include/linux/license.h); gpl_compatible also needs the
 * loader not to taint the module itself by name (kernel/module/main.c:
 * add_taint_module() for driverloader and lve, add_taint() for
 * ndiswrapper).
 */
static void test_gpl_rule(void **state)
{
	static const struct {
		const char *license, *name;
		int gpl, listed, forced;
	} cases[] = {
		{ "license=GPL", "name=x", 1, 1, 0 },
		{ "license=Dual BSD/GPL", "name=x", 1, 1, 0 },
		{ "license=GPL", "name=driverloader", 0, 1, 1 },
		{ "license=GPL", "name=lve", 0, 1, 1 },
		{ "license=GPL", "name=ndiswrapper", 1, 1, 1 },
		{ "license=Proprietary", "name=x", 0, 0, 0 },
		{ "license=GPL ", "name=x", 0, 0, 0 },
		{ NULL, "name=x", 0, 0, 0 },
	};
	struct kernel k;
	size_t i;

	(void)state;
	make_kernel(&k, &debian);
	for (i = 0; i < N(cases); i++) {
		struct elfmod m = { 0 };
		struct licence l;

		if (cases[i].license)
			mod_info(&m, cases[i].license);
		mod_info(&m, cases[i].name);
		verdict_licence(&m, &k, &l);
		assert_int_equal(l.gpl_compatible, cases[i].gpl);
		assert_int_equal(l.listed, cases[i].listed);
		assert_int_equal(l.forced != NULL, cases[i].forced);
		assert_int_equal(verdict_gpl_compatible(&m, &k), cases[i].gpl);
		elfmod_free(&m);
	}
	kernel_free(&k);
}

static const char *name_at(const void *array, size_t i)
{
	return ((const char *const *)array)[i];
}

/*
 * The map: the first of equal names wins; symbols match exactly; module
 * names as the loader matches them, - and _ alike (kernel/module/main.c
 * and scripts/mod/modpost.c compare names after that substitution), and
 * by a prefix of the name asked.
 */
static void test_map(void **state)
{
	static const char *const names[] = {
		"snd_pcm", "capable", "snd-pcm", "kvm", "a-b", "capable",
	};
	struct map map, empty = { 0 };

	(void)state;
	map_init(&map, MAP_SYMBOLS, names, N(names), name_at);
	assert_int_equal(map_find(&map, "capable", (size_t)-1), 1);
	assert_int_equal(map_find(&map, "snd-pcm", (size_t)-1), 2);
	assert_int_equal(map_find(&map, "a_b", (size_t)-1), -1);
	assert_int_equal(map_find(&map, "kv", (size_t)-1), -1);
	assert_int_equal(map_find(&map, "kvm.ko", 3), 3);
	map_free(&map);

	map_init(&map, MAP_MODULES, names, N(names), name_at);
	assert_int_equal(map_find(&map, "snd-pcm", (size_t)-1), 0);
	assert_int_equal(map_find(&map, "snd_pcm", (size_t)-1), 0);
	assert_int_equal(map_find(&map, "a_b", (size_t)-1), 4);
	assert_int_equal(map_find(&map, "snd-pcm.ko", 7), 0);
	assert_int_equal(map_find(&map, "snd", (size_t)-1), -1);
	map_free(&map);

	assert_int_equal(map_find(&empty, "kvm", (size_t)-1), -1);
	map_init(&map, MAP_MODULES, names, 0, name_at);
	assert_int_equal(map_find(&map, "kvm", (size_t)-1), -1);
	map_free(&map);
}

/* Parsed once: nothing of the module points into its file any more. */
static void test_parse_outlives_file(void **state)
{
	struct modfile mf = load("fx_nul_gpl");
	struct elfmod m;
	struct verdict v;
	char err[256];

	(void)state;
	assert_int_equal(elfmod_parse(mf.data, mf.size, &m, err, sizeof(err)), 0);
	memset(mf.data, 0xaa, mf.size);
	modfile_free(&mf);
	assert_string_equal(elfmod_info(&m, "name", 0), "fx_nul_gpl");
	assert_string_equal(elfmod_info(&m, "license", 0), "GPL");
	assert_true(m.n_imports > 0);
	verdict_compute(&m, &kern, NULL, NULL, &v);
	assert_true(has_line(&v.flags, "embedded NUL"));
	verdict_free(&v);
	elfmod_free(&m);
}

/* ---- A3: the command line ----------------------------------------------- */

static void test_cli(void **state)
{
	static const struct {
		const char *argv[10];
		int ok;
		enum cli_mode mode;
		const char *err;
	} cases[] = {
		{ { "--guard", "--table" }, 0, 0, "--guard and --table cannot be combined" },
		{ { "--gpl-compatible", "GPL", "--guard", "--kernel", "k" }, 0, 0,
		  "--gpl-compatible and --guard cannot be combined" },
		{ { "--table", "--gpl-compatible", "GPL", "a=b" }, 0, 0, "cannot be combined" },
		{ { "--table", "--kernel", "k", "a=b" }, 0, 0, "--table does not take --kernel" },
		{ { "--table", "--sig-enforce", "a=b" }, 0, 0, "--table does not take --sig-enforce" },
		{ { "--guard", "--kernel", "k", "extra" }, 0, 0, "--guard takes --kernel DIR and nothing else" },
		{ { "--guard", "--json", "--kernel", "k" }, 0, 0, "--guard takes --kernel DIR and nothing else" },
		{ { "--gpl-compatible", "GPL" }, 0, 0, "needs --kernel DIR or --license-h FILE" },
		{ { "--gpl-compatible", "GPL", "--kernel", "k", "m.ko" }, 0, 0,
		  "--gpl-compatible does not take an operand" },
		{ { "--frobnicate" }, 0, 0, "--frobnicate: unknown option" },
		{ { "--sig-enforce=bogus", "--kernel", "k", "m" }, 0, 0, "--sig-enforce=bogus: not" },
		{ { "m.ko" }, 0, 0, "give exactly one of --kernel and --symvers" },
		{ { "--kernel", "k", "--symvers", "s", "m.ko" }, 0, 0, "give exactly one" },
		{ { "--kernel", "k" }, 0, 0, "no module given" },
		{ { "--kernel", "k", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "--json", "--sig-enforce", "--kernel", "k", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "--table", "--json", "a=b" }, 1, MODE_TABLE, NULL },
		{ { "--guard", "--kernel", "k" }, 1, MODE_GUARD, NULL },
		{ { "--gpl-compatible", "GPL", "--license-h", "f" }, 1, MODE_GPL_COMPATIBLE, NULL },
		{ { "--gpl-compatible", "GPL", "--kernel", "k", "--license-h", "f" }, 1,
		  MODE_GPL_COMPATIBLE, NULL },
		{ { "--also", "x", "--kernel", "k", "m.ko" }, 0, 0, "--also needs --table" },
		{ { "--guard", "--also", "x", "--kernel", "k" }, 0, 0,
		  "--guard takes --kernel DIR and nothing else" },
		{ { "--gpl-compatible", "GPL", "--also", "x", "--kernel", "k" }, 0, 0,
		  "--gpl-compatible does not take --also" },
		{ { "--table", "--also", "x", "--also", "y", "a=b" }, 1, MODE_TABLE, NULL },
		{ { "--source", "s", "--kernel", "k", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "--source", "s", "-s", "s", "-l", "f", "m.ko" }, 0, 0,
		  "--source SRC: one, for the kernel --kernel DIR gives" },
		{ { "--source", "s", "--source", "t", "--kernel", "k", "m.ko" }, 0, 0,
		  "--source SRC: one, for the kernel --kernel DIR gives" },
		{ { "--guard", "--source", "a=s", "--kernel", "k" }, 0, 0,
		  "--guard takes --kernel DIR and nothing else" },
		{ { "--table", "--source", "a=s", "a=b" }, 1, MODE_TABLE, NULL },
		/* Several kernels: each NAME=DIR, each --source NAME=SRC. */
		{ { "-k", "a=k", "-k", "b=l", "--source", "b=s", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "-k", "k", "-k", "b=l", "m.ko" }, 0, 0, "k: not NAME=DIR" },
		{ { "-k", "a=k", "--source", "s", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "-k", "a=k", "--source", "a=s", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "-k", "a=k", "--source", "c=s", "m.ko" }, 0, 0,
		  "--source c=s: not NAME=SRC for a NAME=DIR given" },
		{ { "-k", "a=k", "-k", "b=l", "--source", "s", "m.ko" }, 0, 0,
		  "--source s: not NAME=SRC for a NAME=DIR given" },
		{ { "-k", "x/a=k", "-k", "b=l", "m.ko" }, 0, 0, "x/a=k: not NAME=DIR" },
		{ { "-k", "a=k", "-k", "a=l", "m.ko" }, 0, 0, "a=l: a second kernel named a" },
		{ { "-k", "a=k", "-k", "b=l", "--source", "c=s", "m.ko" }, 0, 0,
		  "--source c=s: not NAME=SRC for a NAME=DIR given" },
		{ { "-k", "a=k", "-k", "b=l", "--source", "a=s", "--source", "a=t", "m.ko" }, 0, 0,
		  "--source a=t: a second source for a" },
		{ { "-k", "a=k", "-k", "b=l", "-s", "s", "m.ko" }, 0, 0, "give exactly one" },
		{ { "--guard", "-k", "a=k", "-k", "b=l" }, 0, 0,
		  "--guard takes --kernel DIR and nothing else" },
		{ { "-G", "GPL", "-k", "a=k", "-k", "b=l" }, 0, 0,
		  "--gpl-compatible takes one --kernel" },
		{ { "--guard", "--table", "--help" }, 1, MODE_HELP, NULL },
		{ { "--frobnicate", "--help" }, 1, MODE_HELP, NULL },
		/* The short options, as the usage lists them. */
		{ { "-j", "-v", "-k", "k", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "-jv", "-s", "s", "-l", "f", "m.ko" }, 1, MODE_CHECK, NULL },
		{ { "-t", "-j", "-a", "x", "-a", "y", "a=b" }, 1, MODE_TABLE, NULL },
		{ { "-g", "-k", "k" }, 1, MODE_GUARD, NULL },
		{ { "-G", "GPL", "-l", "f" }, 1, MODE_GPL_COMPATIBLE, NULL },
		{ { "-T", "-k", "k" }, 1, MODE_TAINT_FLAGS, NULL },
		{ { "--taint-flags", "--json", "--kernel", "k" }, 0, 0,
		  "--taint-flags takes --kernel DIR [--source SRC] and nothing else" },
		{ { "--taint-flags", "--kernel", "k", "--source", "s" }, 1,
		  MODE_TAINT_FLAGS, NULL },
		{ { "-T", "--guard", "-k", "k" }, 0, 0,
		  "--taint-flags and --guard cannot be combined" },
		{ { "-h" }, 1, MODE_HELP, NULL },
		{ { "-V" }, 1, MODE_VERSION, NULL },
		{ { "--version", "--frobnicate" }, 1, MODE_VERSION, NULL },
		{ { "--version", "--help" }, 1, MODE_HELP, NULL },
		{ { "-x", "--kernel", "k", "m.ko" }, 0, 0, "-x: unknown option" },
		{ { "-t", "-k", "k", "a=b" }, 0, 0, "--table does not take --kernel" },
		{ { "--kernel" }, 0, 0, "--kernel: missing argument" },
		{ { "-s", "s", "-k" }, 0, 0, "-k: missing argument" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *argv[12] = { "export-check" }, err[256] = "";
		struct cli c;
		int argc = 1, r;

		while (cases[i].argv[argc - 1])
			argv[argc] = (char *)cases[i].argv[argc - 1], argc++;
		r = cli_parse(argc, argv, &c, err, sizeof(err));
		if (cases[i].ok) {
			if (r)
				fail_msg("case %zu (%s...): %s", i, argv[1], err);
			assert_int_equal(c.mode, cases[i].mode);
			if (c.n_kernels == 2)	/* the several-kernel case */
				assert_true(!strcmp(c.kernels[1].name, "b") &&
					    !strcmp(c.kernels[1].dir, "l") &&
					    !strcmp(c.kernels[1].source, "s") &&
					    !c.kernels[0].source);
			if (c.n_also)	/* the --also case: both, in order */
				assert_true(c.n_also == 2 &&
					    !strcmp(c.also[0], "x") &&
					    !strcmp(c.also[1], "y"));
		} else {
			assert_int_equal(r, -1);
			if (!strstr(err, cases[i].err))
				fail_msg("case %zu: \"%s\" lacks \"%s\"", i, err,
					 cases[i].err);
		}
	}
}

/* One --also more than the table takes is a usage error naming it. */
static void test_cli_also_limit(void **state)
{
	char *argv[3 + 2 * (CLI_ALSO_MAX + 1)] = { "export-check", "--table" };
	char err[256] = "";
	struct cli c;
	int argc = 2, i;

	(void)state;
	for (i = 0; i <= CLI_ALSO_MAX; i++) {
		argv[argc++] = "--also";
		argv[argc++] = i == CLI_ALSO_MAX ? "last" : "x";
	}
	argv[argc++] = "a=b";
	assert_int_equal(cli_parse(argc, argv, &c, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "--also last: at most"));
}

static void test_cli_sig_enforce(void **state)
{
	static const struct {
		const char *opt;
		enum sig_enforce want;
	} cases[] = {
		{ "--sig-enforce", SIG_ENFORCE_PARAM },
		{ "--sig-enforce=sig_enforce", SIG_ENFORCE_PARAM },
		{ "--sig-enforce=module.sig_enforce", SIG_ENFORCE_PARAM },
		{ "--sig-enforce=lockdown", SIG_ENFORCE_LOCKDOWN },
		{ "--json", SIG_ENFORCE_NONE },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *argv[] = { "export-check", (char *)cases[i].opt, "--kernel",
				 "k", "m.ko", NULL };
		char err[256];
		struct cli c;

		assert_int_equal(cli_parse(5, argv, &c, err, sizeof(err)), 0);
		assert_int_equal(c.sig_enforce, cases[i].want);
	}
}

/* --help names the distribution's headers. */
static void test_usage_distro(void **state)
{
	(void)state;
	assert_non_null(strstr(cli_usage, "/usr/src/linux-headers-"));
	assert_non_null(strstr(cli_usage, "/lib/modules/"));
	assert_non_null(strstr(cli_usage, "--sig-enforce"));
}

/* ---- A4: the exit-status catalogue --------------------------------------- */

static char *read_source(const char *rel)
{
	char *path, *text, err[256];
	size_t size;

	assert_true(asprintf(&path, "%s/%s", SRCDIR, rel) > 0);
	if (file_read(path, 1 << 20, &text, &size, err, sizeof(err)))
		fail_msg("%s: %s", path, err);
	free(path);
	return text;
}

static void test_exit_status_catalogue(void **state)
{
	static const struct {
		int code;
		const char *name;
	} codes[] = {
		{ EXIT_LOADS, "EXIT_LOADS" },
		{ EXIT_REFUSED, "EXIT_REFUSED" },
		{ EXIT_BAD_INPUT, "EXIT_BAD_INPUT" },
	};
	char *main_c = read_source("export-check/main.c");
	char *man = read_source("man/export-check.1.md");
	char *section = strstr(man, "# EXIT STATUS"), *end, line[64];
	size_t i;

	(void)state;
	assert_non_null(section);
	end = strstr(section + 1, "\n# ");
	assert_non_null(end);
	*end = '\0';
	assert_non_null(strstr(main_c, "Exit status"));
	for (i = 0; i < N(codes); i++) {
		snprintf(line, sizeof(line), " *   %d  %s ", codes[i].code,
			 codes[i].name);
		if (!strstr(main_c, line))
			fail_msg("main.c's catalogue lacks \"%s\"", line);
		snprintf(line, sizeof(line), "**%d**", codes[i].code);
		if (!strstr(section, line))
			fail_msg("the man page's EXIT STATUS lacks %s", line);
	}
	/* No code beyond those. */
	assert_null(strstr(section, "**3**"));
	assert_null(strstr(main_c, " *   3  "));
	free(main_c);
	free(man);
}

/*
 * Every long option the usage names, the man page's OPTIONS describes, with
 * its short form where the usage gives one, and the other way round.
 */
static void test_usage_man_options(void **state)
{
	char *man = read_source("man/export-check.1.md");
	char *options = strstr(man, "# OPTIONS"), *end, *p, name[64];
	char *usage = strdup(cli_usage), entry[96];
	int n = 0;

	(void)state;
	assert_non_null(options);
	assert_non_null(usage);
	/* The option lines end where the examples begin. */
	end = strstr(usage, "\nExamples:");
	assert_non_null(end);
	*end = '\0';
	end = strstr(options + 1, "\n# ");
	assert_non_null(end);
	*end = '\0';
	/* The usage's option lines: "  -k, --kernel DIR" or "      --sig-enforce". */
	for (p = strstr(usage, "\n  "); p; p = strstr(p + 1, "\n  ")) {
		char letter;

		/* Whitespace in a format matches any, so check the letter. */
		if (sscanf(p, "\n  -%c, --%63[a-z-]", &letter, name) != 2 ||
		    letter == '-') {
			letter = 0;
			if (sscanf(p, "\n --%63[a-z-]", name) != 1)
				continue;
		}
		if (letter)
			snprintf(entry, sizeof(entry), "\n**-%c**, **\\--%s**",
				 letter, name);
		else
			snprintf(entry, sizeof(entry), "\n**\\--%s**", name);
		if (!strstr(options, entry))
			fail_msg("the man page's OPTIONS lacks \"%s\"", entry + 1);
		n++;
	}
	/* The man page's entries: each is in the usage. */
	for (p = strstr(options, "\n**"); p; p = strstr(p + 1, "\n**")) {
		char *dashes = strstr(p, "**\\--");

		if (!dashes || dashes > strchr(p + 1, '\n'))
			continue;
		if (sscanf(dashes, "**\\--%63[a-z-]", name) != 1)
			continue;
		snprintf(entry, sizeof(entry), "--%s", name);
		if (!strstr(usage, entry))
			fail_msg("the usage lacks %s", entry);
		n--;
	}
	assert_int_equal(n, 0);
	free(usage);
	free(man);
}

/* ---- A6: kit.mk finds its tool ------------------------------------------- */

/* Run make with kit.mk at KITMK in DIR; output (both streams) into OUT. */
static int run_kit_check(const char *dir, const char *kitmk, const char *extra,
			 char *out, size_t len)
{
	char *cmd;
	FILE *p;
	size_t n;
	int status;

	assert_true(asprintf(&cmd,
			     "cd '%s' && env -i PATH=/usr/bin:/bin make -s -f '%s' kit-check KDIR=/kdir %s 2>&1",
			     dir, kitmk, extra) > 0);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	status = pclose(p);
	free(cmd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void fake_tool(const char *path)
{
	write_file(path, "#!/bin/sh\necho \"fake export-check $*\"\n");
	assert_int_equal(chmod(path, 0755), 0);
}

static void test_kit_mk_finds_tool(void **state)
{
	char *dir = make_tmpdir(), *src = read_source("kbuild/kit.mk");
	char *p, out[4096];

	(void)state;
	/* Installed: PREFIX/share/lsm-export-kit/kbuild/kit.mk, PREFIX/bin. */
	assert_true(asprintf(&p, "%s/opt/kit/share/lsm-export-kit/kbuild/kit.mk", dir) > 0);
	write_file(p, src);
	free(p);
	assert_true(asprintf(&p, "%s/opt/kit/bin/export-check", dir) > 0);
	fake_tool(p);
	free(p);
	assert_true(asprintf(&p, "%s/opt/kit/share/lsm-export-kit/kbuild/kit.mk", dir) > 0);
	assert_int_equal(run_kit_check(dir, p, "", out, sizeof(out)), 0);
	assert_non_null(strstr(out, "fake export-check --kernel /kdir"));
	free(p);
	/* In the kit's tree: vendor-sdk/kbuild/kit.mk and build/bin. */
	assert_true(asprintf(&p, "%s/repo/vendor-sdk/kbuild/kit.mk", dir) > 0);
	write_file(p, src);
	free(p);
	assert_true(asprintf(&p, "%s/repo/build/bin/export-check", dir) > 0);
	fake_tool(p);
	free(p);
	assert_true(asprintf(&p, "%s/repo/vendor-sdk/kbuild/kit.mk", dir) > 0);
	assert_int_equal(run_kit_check(dir, p, "", out, sizeof(out)), 0);
	assert_non_null(strstr(out, "fake export-check --kernel /kdir"));
	free(p);
	/* Alone: one message that says how to name the tool. */
	assert_true(asprintf(&p, "%s/lone/kit.mk", dir) > 0);
	write_file(p, src);
	assert_int_equal(run_kit_check(dir, p, "", out, sizeof(out)), 2);
	assert_non_null(strstr(out, "kit.mk: export-check not found"));
	assert_non_null(strstr(out, "KIT_EXPORT_CHECK"));
	assert_null(strstr(out, "/bin/sh"));
	assert_null(strstr(out, "could not judge"));
	assert_int_equal(run_kit_check(dir, p, "KIT_EXPORT_CHECK=/nonexistent/ec",
				       out, sizeof(out)), 2);
	assert_non_null(strstr(out, "KIT_EXPORT_CHECK=/nonexistent/ec is not an executable"));
	free(p);
	free(src);
	remove_tree(dir);
	free(dir);
}

/* ---- B1-B3, B7: the loader's stages -------------------------------------- */

/*
 * The messages 6.1's kernel/module/main.c prints only while the kernel
 * lacks a taint (if (!test_taint(...)), or pr_notice_once() for a taint
 * only that path sets), by their ends, and that taint.
 */
static const struct {
	const char *end;
	char letter;
} messages_once[] = {
	{ ": kernel tainted.", 'F' },			/* try_to_force_load() */
	{ "loading out-of-tree module taints kernel.", 'O' },	/* check_modinfo() */
	{ "taints kernel.", 'P' },	/* set_license(), and by name */
	{ "signature and/or required key missing - tainting kernel", 'E' },
	{ "loading test module taints kernel.", 'N' },
	{ "tainting kernel with TAINT_LIVEPATCH", 'K' },
};

/* Each message of V is said once, with its taint, exactly as the table says. */
static void check_messages_once(const char *what, const struct verdict *v)
{
	size_t i, j, n;
	char want, got;

	for (i = 0; i < v->messages.n; i++) {
		const char *msg = v->messages.s[i];

		want = 0;
		n = strlen(msg);
		for (j = 0; j < N(messages_once) && !want; j++) {
			size_t e = strlen(messages_once[j].end);

			if (n >= e && !strcmp(msg + n - e, messages_once[j].end))
				want = messages_once[j].letter;
		}
		got = 0;
		for (j = 0; j < v->n_once; j++)
			if (v->once[j].index == i)
				got = v->once[j].letter;
		if (got != want)
			fail_msg("%s: \"%s\" said once while the kernel lacks %c, want %c",
				 what, msg, got ? got : '-', want ? want : '-');
	}
}

struct load_case {
	const char *what;
	struct kspec k;
	enum sig_enforce sig;
	const char *vermagic;
	const char *license;
	int intree, is_signed, versions;
	uint64_t layout_crc, import_crc;	/* 0: no __versions entry */
	const char *import;
	int refused;
	const char *stage, *taints, *kernel_taints;
	const char *reason, *message, *absent;
};

#define DEB_MAGIC "6.1.0-57-amd64 SMP preempt mod_unload modversions "

static const struct load_case load_cases[] = {
	{ "previous ABI, same CRCs", debian, 0,
	  "6.1.0-56-amd64 SMP preempt mod_unload modversions ", "GPL", 0, 0, 1,
	  0x9060323f, 0x11111111, "printk_like",
	  0, NULL, "OE", "OE", NULL, NULL, "built for another kernel" },
	{ "an import's CRC differs", debian, 0, DEB_MAGIC, "GPL", 0, 0, 1,
	  0x9060323f, 0x99999999, "printk_like",
	  1, "symbols", "OE", "OE", "built against another version of printk_like",
	  "disagrees about version of symbol printk_like", NULL },
	{ "no version for an import", debian, 0, DEB_MAGIC, "GPL", 1, 1, 1,
	  0x9060323f, 0, "printk_like",
	  1, "symbols", "", "", "no symbol version for printk_like",
	  "no symbol version for printk_like", NULL },
	{ "module_layout's CRC differs", debian, 0, DEB_MAGIC, "Proprietary", 0, 0, 1,
	  0x12345678, 0x11111111, "nosuch",
	  1, "module_layout", "", "", "module_layout's CRC",
	  "disagrees about version of symbol module_layout", "unknown symbol" },
	{ "vermagic flags differ, same release", debian, 0,
	  "6.1.0-57-amd64 SMP mod_unload modversions ", "Proprietary", 0, 0, 1,
	  0x9060323f, 0x11111111, "nosuch",
	  1, "vermagic", "", "", "built for another kernel: rebuild against this one (vermagic",
	  "version magic '6.1.0-57-amd64 SMP mod_unload modversions ' should be", "unknown symbol" },
	{ "no MODVERSIONS: the whole string counts", { 0 }, 0,
	  "6.1.0-57-amd64 SMP mod_unload ", "GPL", 0, 0, 0, 0, 0, "printk_like",
	  1, "vermagic", "", "", "this kernel's \"6.1.0-57-amd64 SMP preempt mod_unload \"",
	  NULL, NULL },
	{ "no MODVERSIONS: another release", { 0 }, 0,
	  "6.1.0-56-amd64 SMP preempt mod_unload ", "GPL", 0, 0, 0, 0, 0, "printk_like",
	  1, "vermagic", "", "", "built for another kernel", NULL, NULL },
	{ "no MODVERSIONS: same", { 0 }, 0,
	  "6.1.0-57-amd64 SMP preempt mod_unload ", "GPL", 0, 0, 0, 0, 0, "printk_like",
	  0, NULL, "O", "O", NULL, NULL, NULL },
	{ "unknown symbol: the earlier taints stay", debian, 0, DEB_MAGIC,
	  "Proprietary", 0, 0, 1, 0x9060323f, 0, "nosuch",
	  1, "symbols", "POE", "POE", "unknown symbol nosuch",
	  "Unknown symbol nosuch (err -2)", NULL },
	{ "GPL-only refused", debian, 0, DEB_MAGIC, "Proprietary", 1, 1, 1,
	  0x9060323f, 0x22222222, "gpl_thing",
	  1, "symbols", "P", "P", "uses GPL-only symbol gpl_thing",
	  "module license 'Proprietary' taints kernel.", NULL },
	{ "namespace not imported", debian, 0, DEB_MAGIC, "GPL", 1, 1, 1,
	  0x9060323f, 0x33333333, "ns_thing",
	  1, "symbols", "", "", "from namespace MY_NS", "but does not import it", NULL },
	{ "no __versions, FORCE_LOAD: F, then vermagic", debian, 0,
	  "6.1.0-57-amd64 SMP preempt mod_unload ", "GPL", 0, 0, 0, 0, 0, "printk_like",
	  1, "vermagic", "F", "F", "built for another kernel",
	  "module_layout: kernel tainted.", NULL },
	{ "no __versions, no FORCE_LOAD", { .modversions = 1 }, 0, DEB_MAGIC,
	  "GPL", 0, 0, 0, 0, 0, "printk_like",
	  1, "module_layout", "", "", "built without symbol versions", NULL, NULL },
	{ "unsigned: E", debian, 0, DEB_MAGIC, "GPL", 1, 0, 1,
	  0x9060323f, 0x11111111, "printk_like",
	  0, NULL, "E", "E", NULL, NULL, NULL },
	{ "unsigned, module.sig_enforce=1", debian, SIG_ENFORCE_PARAM, DEB_MAGIC,
	  "Proprietary", 0, 0, 1, 0x9060323f, 0x12, "nosuch",
	  1, "signature", "", "", "enforces module signatures (module.sig_enforce=1",
	  "Loading of unsigned module is rejected", "unknown symbol" },
	{ "unsigned, locked down", debian, SIG_ENFORCE_LOCKDOWN, DEB_MAGIC,
	  "GPL", 1, 0, 1, 0x9060323f, 0x11111111, "printk_like",
	  1, "signature", "", "", "locked down (Secure Boot",
	  "unsigned module loading is restricted", NULL },
	{ "unsigned, CONFIG_MODULE_SIG_FORCE", { 1, 1, 1, 1, 0 }, 0, DEB_MAGIC,
	  "GPL", 1, 0, 1, 0x9060323f, 0x11111111, "printk_like",
	  1, "signature", "", "", "CONFIG_MODULE_SIG_FORCE=y in its .config", NULL, NULL },
	{ "signed, enforced", debian, SIG_ENFORCE_PARAM, DEB_MAGIC,
	  "GPL", 1, 1, 1, 0x9060323f, 0x11111111, "printk_like",
	  0, NULL, "", "", NULL, NULL, NULL },
	{ "no CONFIG_MODULE_SIG: enforcement moot", { 0 }, SIG_ENFORCE_PARAM,
	  "6.1.0-57-amd64 SMP preempt mod_unload ", "GPL", 1, 0, 0, 0, 0, "printk_like",
	  0, NULL, "", "", NULL, NULL, NULL },
};

static void build_case_module(struct elfmod *m, const struct load_case *c)
{
	*m = (struct elfmod){ 0 };
	mod_info(m, "name=case");
	if (c->license) {
		char *l;

		assert_true(asprintf(&l, "license=%s", c->license) > 0);
		mod_info(m, l);
		free(l);
	}
	if (c->intree)
		mod_info(m, "intree=Y");
	if (c->vermagic) {
		char *l;

		assert_true(asprintf(&l, "vermagic=%s", c->vermagic) > 0);
		mod_info(m, l);
		free(l);
	}
	mod_import(m, c->import);
	m->has_signature = c->is_signed;
	if (c->versions) {
		m->has_versions = 1;
		if (c->layout_crc)
			mod_version(m, "module_layout", c->layout_crc);
		if (c->import_crc)
			mod_version(m, c->import, c->import_crc);
	}
}

static void test_loader_stages(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < N(load_cases); i++) {
		const struct load_case *c = &load_cases[i];
		struct verdict_options o = { c->sig };
		struct kernel k;
		struct elfmod m;
		struct verdict v;
		const char *stage;

		make_kernel(&k, &c->k);
		build_case_module(&m, c);
		verdict_compute(&m, &k, NULL, &o, &v);
		stage = load_stage_name(v.refused_at);
		if (v.refused != c->refused ||
		    (c->stage ? !stage || strcmp(stage, c->stage) : stage != NULL))
			fail_msg("%s: refused %d at %s, want %d at %s (%s)", c->what,
				 v.refused, stage ? stage : "-", c->refused,
				 c->stage ? c->stage : "-",
				 v.reasons.n ? v.reasons.s[0] : "no reason");
		if (strcmp(v.taints, c->taints) ||
		    strcmp(v.kernel_taints, c->kernel_taints))
			fail_msg("%s: taints \"%s\"/\"%s\", want \"%s\"/\"%s\"",
				 c->what, v.taints, v.kernel_taints, c->taints,
				 c->kernel_taints);
		if (c->reason && !has_line(&v.reasons, c->reason))
			fail_msg("%s: no reason with \"%s\" (first: %s)", c->what,
				 c->reason, v.reasons.n ? v.reasons.s[0] : "none");
		if (c->message && !has_line(&v.messages, c->message))
			fail_msg("%s: no kernel message with \"%s\"", c->what,
				 c->message);
		if (c->absent && (has_line(&v.reasons, c->absent) ||
				  has_line(&v.messages, c->absent) ||
				  has_line(&v.notes, c->absent)))
			fail_msg("%s: says \"%s\"", c->what, c->absent);
		check_messages_once(c->what, &v);
		/* One stage refuses: its reasons are the only ones. */
		if (v.refused && strcmp(c->stage, "symbols"))
			assert_int_equal(v.reasons.n, 1);
		verdict_free(&v);
		elfmod_free(&m);
		kernel_free(&k);
	}
}

/* The text shows what the JSON does: the taints applied before refusing. */
static void test_summary_taints(void **state)
{
	static const struct {
		int refused;
		const char *taints, *want;
	} cases[] = {
		{ 0, "", "loads" },
		{ 0, "PO", "loads, taints P O" },
		{ 1, "", "refused" },
		{ 1, "POE", "refused, taints P O E" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		struct verdict v = { .refused = cases[i].refused };
		char buf[64];

		strcpy(v.taints, cases[i].taints);
		verdict_summary(&v, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].want);
	}
}

/* VERMAGIC_STRING, as include/linux/vermagic.h makes it from .config. */
static void test_vermagic_from_config(void **state)
{
	static const struct {
		struct kconfig c;
		const char *want;
	} cases[] = {
		{ { .smp = 1, .preempt_build = 1, .module_unload = 1, .modversions = 1 },
		  "R SMP preempt mod_unload modversions " },
		{ { .smp = 1, .module_unload = 1 }, "R SMP mod_unload " },
		{ { .preempt_rt = 1 }, "R preempt_rt " },
		{ { .randstruct = 1 }, "R RANDSTRUCT_seed" },
	};
	struct kconfig parsed;
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *s = kernel_vermagic("R", &cases[i].c, "seed");

		assert_string_equal(s, cases[i].want);
		free(s);
	}
	kernel_parse_config("CONFIG_SMP=y\nCONFIG_MODVERSIONS=y\n"
			    "# CONFIG_MODULE_SIG_FORCE is not set\n"
			    "CONFIG_MODULE_SIG=y\nCONFIG_MODULE_SIG_ALL=y\n"
			    "CONFIG_PREEMPT_BUILD=y", &parsed);
	assert_true(parsed.smp && parsed.modversions && parsed.module_sig &&
		    parsed.preempt_build);
	assert_false(parsed.module_sig_force);
	assert_false(parsed.module_unload);
	/* The kit's kernel: what its modules' vermagic says. */
	assert_non_null(kern.vermagic);
	{
		struct modfile mf = load("fx_case_gpl");
		struct elfmod m;
		char err[256];

		assert_int_equal(elfmod_parse(mf.data, mf.size, &m, err, sizeof(err)), 0);
		assert_string_equal(elfmod_info(&m, "vermagic", 0), kern.vermagic);
		elfmod_free(&m);
		modfile_free(&mf);
	}
}

/* ---- B4: distribution headers --------------------------------------------- */

static void debian_layout(const char *root, int with_license_h,
			  int with_common)
{
	char *p, *text, err[256];
	size_t size;

	assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-amd64/Makefile", root) > 0);
	write_file(p, "include /usr/src/linux-headers-9.9.9-1-common/Makefile\n");
	free(p);
	assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-amd64/Module.symvers", root) > 0);
	write_file(p, test_symvers);
	free(p);
	assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-amd64/.config", root) > 0);
	write_file(p, "CONFIG_X86_64=y\nCONFIG_SMP=y\nCONFIG_MODVERSIONS=y\n");
	free(p);
	assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-amd64/include/generated/utsrelease.h",
			     root) > 0);
	write_file(p, "#define UTS_RELEASE \"9.9.9-1-amd64\"\n");
	free(p);
	if (with_common) {
		assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-common/Makefile",
				     root) > 0);
		write_file(p, "# the real one\n");
		free(p);
	}
	if (with_license_h && with_common) {
		assert_true(asprintf(&p, "%s/include/linux/license.h", getenv("KDIR")) > 0);
		assert_int_equal(file_read(p, 1 << 20, &text, &size, err, sizeof(err)), 0);
		free(p);
		assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-common/include/linux/license.h",
				     root) > 0);
		write_file(p, text);
		free(text);
		free(p);
	}
	assert_true(asprintf(&p, "%s/lib/modules/9.9.9-1-amd64/build", root) > 0);
	write_file(p, "");
	unlink(p);
	assert_int_equal(symlink("/usr/src/linux-headers-9.9.9-1-amd64", p), 0);
	free(p);
}

/*
 * The kit's kernel is Linux 6.1: the flags read from its kernel/panic.c,
 * include/linux/panic.h and tainted-kernels.rst are the built-in table,
 * every field, which a tree without kernel/panic.c gets.
 */
static void test_taint_flags_6_1(void **state)
{
	struct taint_flags builtin;
	size_t i;

	(void)state;
	taint_flags_6_1(&builtin);
	assert_string_equal(kern.taint_flags.source, "kernel/panic.c");
	assert_int_equal(kern.taint_flags.n, builtin.n);
	assert_string_equal(kern.taint_flags.order, builtin.order);
	for (i = 0; i < builtin.n; i++) {
		const struct taint_flag *a = &kern.taint_flags.flag[i];
		const struct taint_flag *b = &builtin.flag[i];

		if (a->bit != b->bit || a->letter != b->letter ||
		    a->module != b->module || strcmp(a->name, b->name) ||
		    strcmp(a->meaning, b->meaning))
			fail_msg("bit %zu: the tree's %u %c %d %s \"%s\", built in %u %c %d %s \"%s\"",
				 i, a->bit, a->letter, a->module, a->name,
				 a->meaning, b->bit, b->letter, b->module,
				 b->name, b->meaning);
	}
	assert_ptr_equal(taint_flags_find(&builtin, 'O'), &builtin.flag[12]);
	assert_null(taint_flags_find(&builtin, 'Z'));
}

/* Sources that do not make a table are refused, naming what is wrong. */
static void test_taint_flags_bad(void **state)
{
	static const char two[] = "#define TAINT_A 0\n#define TAINT_B 1\n";
	static const struct {
		const char *h, *c, *want;
	} cases[] = {
		{ two, "taint_flags[TAINT_FLAGS_COUNT] = {\n\t[ TAINT_A ] = { 'A', ' ', true },\n"
		  "\t[ TAINT_B ] = { 'B', ' ', false },\n};\n", NULL },
		{ "#define TAINT_A 0\n#define TAINT_B 2\n",
		  "taint_flags[TAINT_FLAGS_COUNT] = {\n\t[ TAINT_A ] = { 'A', ' ', true },\n"
		  "\t[ TAINT_B ] = { 'B', ' ', false },\n};\n", "no taint flag has bit 1" },
		{ two, "taint_flags[TAINT_FLAGS_COUNT] = {\n\t[ TAINT_A ] = { 'A', ' ', true },\n"
		  "\t[ TAINT_B ] = { 'A', ' ', false },\n};\n", "TAINT_B: letter A used twice" },
		{ two, "taint_flags[TAINT_FLAGS_COUNT] = {\n\t[ TAINT_A ] = { 'A', ' ', true },\n};\n",
		  "TAINT_B has no letter" },
		{ two, "taint_flags[TAINT_FLAGS_COUNT] = {\n\t[ TAINT_C ] = { 'C', ' ', true },\n};\n",
		  "names TAINT_C, which has no bit" },
		/* 6.12's form (kernel/panic.c: TAINT_FLAG() adds a description). */
		{ two, "taint_flags[TAINT_FLAGS_COUNT] = {\n\tTAINT_FLAG(A,\t\t'A', ' ', true),\n"
		  "\tTAINT_FLAG(B,\t'B', ' ', false),\n};\n", NULL },
		{ two, "static int nothing;\n", "no taint_flags[] array" },
		{ "#define TAINT_A 0\n#define TAINT_B 0\n", "", "TAINT_B: bit 0 is TAINT_A's" },
		{ "", "taint_flags[TAINT_FLAGS_COUNT] = {\n};\n", "no taint flags found" },
	};
	struct taint_flags t;
	char err[256];
	size_t i;
	int r;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		err[0] = '\0';
		r = taint_flags_parse(cases[i].h, cases[i].c, NULL, &t, err,
				      sizeof(err));
		if (!cases[i].want) {
			if (r)
				fail_msg("case %zu: %s", i, err);
			assert_string_equal(t.order, "AB");
			assert_true(t.flag[0].module && !t.flag[1].module);
		} else if (!r || !strstr(err, cases[i].want)) {
			fail_msg("case %zu: returned %d, \"%s\" lacks \"%s\"", i, r,
				 err, cases[i].want);
		}
	}
}

static void test_distro_headers(void **state)
{
	static const struct {
		const char *dir;
		int license_h, common;
		const char *err;
	} cases[] = {
		{ "usr/src/linux-headers-9.9.9-1-amd64", 1, 1, NULL },
		{ "lib/modules/9.9.9-1-amd64/build", 1, 1, NULL },
		{ "usr/src/linux-headers-9.9.9-1-amd64", 0, 1,
		  "no include/linux/license.h: looked in ROOT/usr/src/linux-headers-9.9.9-1-amd64/include/linux/license.h and ROOT/usr/src/linux-headers-9.9.9-1-common/include/linux/license.h" },
		{ "lib/modules/9.9.9-1-amd64/build", 0, 0,
		  "Makefile includes /usr/src/linux-headers-9.9.9-1-common/Makefile, which is not there" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *root = make_tmpdir(), *dir, *want, err[2048] = "";
		struct kernel k;
		int r;

		debian_layout(root, cases[i].license_h, cases[i].common);
		assert_true(asprintf(&dir, "%s/%s", root, cases[i].dir) > 0);
		r = kernel_load(&k, dir, NULL, NULL, NULL, err, sizeof(err));
		if (!cases[i].err) {
			if (r)
				fail_msg("%s: %s", cases[i].dir, err);
			assert_non_null(strstr(k.license_h_path,
					       "linux-headers-9.9.9-1-common/include/linux/license.h"));
			assert_string_equal(k.release, "9.9.9-1-amd64");
			assert_true(k.modversions);
			assert_string_equal(k.vermagic, "9.9.9-1-amd64 SMP modversions ");
			assert_true(strncmp(k.license_h_path, root, strlen(root)) == 0);
			kernel_free(&k);
		} else {
			char *at;

			assert_int_equal(r, -1);
			want = strdup(cases[i].err);
			/* ROOT stands for the temporary directory. */
			while ((at = strstr(want, "ROOT"))) {
				char *w;

				*at = '\0';
				assert_true(asprintf(&w, "%s%s%s", want, root, at + 4) > 0);
				free(want);
				want = w;
			}
			if (!strstr(err, want))
				fail_msg("\"%s\" lacks \"%s\"", err, want);
			assert_null(strchr(err, '\n'));
			free(want);
		}
		free(dir);
		remove_tree(root);
		free(root);
	}
}

static void test_tree_missing_config(void **state)
{
	char *root = make_tmpdir(), *p, err[1024];
	struct kernel k;

	(void)state;
	debian_layout(root, 1, 1);
	assert_true(asprintf(&p, "%s/usr/src/linux-headers-9.9.9-1-amd64/.config", root) > 0);
	unlink(p);
	*strrchr(p, '/') = '\0';
	assert_int_equal(kernel_load(&k, p, NULL, NULL, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no .config: looked in"));
	free(p);
	remove_tree(root);
	free(root);
}

/* ---- B5: modules given together ----------------------------------------- */

/* A package: its modules in memory, judged as run.c judges them. */
struct package {
	struct elfmod m[4];
	const char *path[4];
	struct verdict v[4];
	size_t n;
	struct peers ps;
	struct load_order order;
};

static void judge_package(struct package *p, const struct kernel *k)
{
	size_t i;

	p->ps = (struct peers){ 0 };
	for (i = 0; i < p->n; i++)
		peers_add(&p->ps, p->path[i], &p->m[i]);
	peers_index(&p->ps);
	order_compute(&p->ps, k, &p->order);
	for (i = 0; i < p->order.n; i++) {
		size_t j = p->order.index[i];

		verdict_compute(&p->m[j], k, &p->ps, NULL, &p->v[j]);
		p->ps.p[j].v = &p->v[j];
	}
}

static void free_package(struct package *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		verdict_free(&p->v[i]);
		elfmod_free(&p->m[i]);
	}
	order_free(&p->order);
	peers_free(&p->ps);
}

/* consumer (given first) uses three of provider's exports. */
static void build_pair(struct package *p, const char *provider_import)
{
	static const char *const syms[] = { "prov_a", "prov_b", "prov_c" };
	size_t i;

	*p = (struct package){ .n = 2, .path = { "consumer.ko", "provider.ko" } };
	mod_info(&p->m[0], "name=consumer");
	mod_info(&p->m[0], "license=GPL");
	mod_info(&p->m[0], "depends=provider");
	mod_info(&p->m[0], "vermagic=6.1.0-57-amd64 SMP preempt mod_unload ");
	mod_info(&p->m[1], "name=provider");
	mod_info(&p->m[1], "license=GPL");
	mod_info(&p->m[1], "vermagic=6.1.0-57-amd64 SMP preempt mod_unload ");
	for (i = 0; i < N(syms); i++) {
		mod_import(&p->m[0], syms[i]);
		mod_export(&p->m[1], syms[i], i == 2);
	}
	mod_import(&p->m[1], provider_import);
}

static void test_package_resolves_siblings(void **state)
{
	struct package p;
	struct kernel k;

	(void)state;
	make_kernel(&k, &(struct kspec){ 0 });
	build_pair(&p, "printk_like");
	judge_package(&p, &k);
	assert_int_equal(p.order.n, 2);
	assert_int_equal(p.order.index[0], 1);	/* provider first */
	assert_int_equal(p.order.index[1], 0);
	assert_true(p.order.edges > 0);
	assert_false(p.v[0].refused);
	assert_false(p.v[1].refused);
	assert_int_equal(p.v[0].imports[2].status, IMPORT_OK);
	assert_non_null(p.v[0].imports[2].peer);
	assert_true(p.v[0].imports[2].peer->e->gpl_only);
	free_package(&p);
	kernel_free(&k);
}

/* A sibling's namespace, as the loader checks the kernel's. */
static void test_package_namespace(void **state)
{
	static const struct {
		const char *import_ns;
		int refused;
	} cases[] = {
		{ NULL, 1 },
		{ "import_ns=OTHER", 1 },
		{ "import_ns=PROV_NS", 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		struct package p;
		struct kernel k;

		make_kernel(&k, &(struct kspec){ 0 });
		build_pair(&p, "printk_like");
		p.m[1].exports[1].ns = strpool_str(&p.m[1].pool, "PROV_NS");
		if (cases[i].import_ns)
			mod_info(&p.m[0], cases[i].import_ns);
		judge_package(&p, &k);
		assert_int_equal(p.v[0].refused, cases[i].refused);
		if (cases[i].refused) {
			assert_true(has_line(&p.v[0].reasons,
					     "uses symbol prov_b from namespace PROV_NS without MODULE_IMPORT_NS(PROV_NS)"));
			assert_int_equal(p.v[0].imports[1].status, IMPORT_NAMESPACE);
		}
		free_package(&p);
		kernel_free(&k);
	}
}

static void test_package_refused_dependency(void **state)
{
	struct package p;
	struct kernel k;

	(void)state;
	make_kernel(&k, &(struct kspec){ 0 });
	build_pair(&p, "nosuch");
	judge_package(&p, &k);
	assert_true(p.v[1].refused);
	assert_true(p.v[0].refused);
	assert_true(has_line(&p.v[0].reasons, "needs module provider, which is refused"));
	/* Once, not once per symbol. */
	assert_int_equal(p.v[0].reasons.n, 1);
	assert_int_equal(p.v[0].imports[0].status, IMPORT_PROVIDER_REFUSED);
	free_package(&p);
	kernel_free(&k);
}

static void test_package_missing_provider(void **state)
{
	struct package p;
	struct kernel k;

	(void)state;
	make_kernel(&k, &(struct kspec){ 0 });
	build_pair(&p, "printk_like");
	p.n = 1;		/* the consumer alone */
	judge_package(&p, &k);
	p.n = 2;
	assert_true(p.v[0].refused);
	assert_int_equal(p.v[0].reasons.n, 1);
	assert_true(has_line(&p.v[0].reasons,
			     "3 unknown symbols (prov_a, prov_b, prov_c): it depends on provider (depends=), which is neither given nor a module of this kernel"));
	assert_int_equal(count_lines(&p.v[0].reasons, "this kernel does not export it"), 0);
	/* The loader itself names each one. */
	assert_int_equal(count_lines(&p.v[0].messages, "Unknown symbol prov_"), 3);
	free_package(&p);
	kernel_free(&k);
}

/* A dependency on a module of the kernel is no missing provider. */
static void test_package_kernel_dependency(void **state)
{
	struct elfmod m = { 0 };
	struct verdict v;
	struct kernel k;

	(void)state;
	make_kernel(&k, &(struct kspec){ 0 });
	mod_info(&m, "name=user");
	mod_info(&m, "license=GPL");
	mod_info(&m, "depends=drm");
	mod_info(&m, "vermagic=6.1.0-57-amd64 SMP preempt mod_unload ");
	mod_import(&m, "drm_thing");
	mod_import(&m, "nosuch");
	verdict_compute(&m, &k, NULL, NULL, &v);
	assert_true(v.refused);
	assert_true(has_line(&v.reasons, "unknown symbol nosuch: this kernel does not export it"));
	assert_false(has_line(&v.reasons, "depends on"));
	verdict_free(&v);
	elfmod_free(&m);
	kernel_free(&k);
}

/* ---- B6: GPL shims ------------------------------------------------------- */

static void test_shim_fixture(void **state)
{
	struct modfile mf = load("fx_shim");
	const struct module_export *rm = NULL, *count = NULL;
	struct elfmod m;
	struct verdict v;
	size_t i;

	(void)state;
	judge(&mf, &m, &v);
	for (i = 0; i < m.n_exports; i++) {
		if (strcmp(m.exports[i].name, "fx_shim_remove") == 0)
			rm = &m.exports[i];
		if (strcmp(m.exports[i].name, "fx_shim_count") == 0)
			count = &m.exports[i];
	}
	assert_non_null(rm);
	assert_non_null(count);
	assert_true(rm->is_function && !rm->own_refs);
	assert_int_equal(rm->n_calls, 1);
	assert_string_equal(rm->calls[0], "securityfs_remove");
	assert_true(count->is_function && count->own_refs);
	assert_true(has_line(&v.flags, "GPL shim"));
	assert_true(has_line(&v.flags, "fx_shim_remove -> securityfs_remove"));
	assert_false(has_line(&v.flags, "fx_shim_count"));
	assert_false(v.refused);
	verdict_free(&v);
	/* The same module in the kernel's tree: its API, not a shim. */
	mod_info(&m, "intree=Y");
	verdict_compute(&m, &kern, NULL, NULL, &v);
	assert_false(has_line(&v.flags, "GPL shim"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_shim_rule(void **state)
{
	static const struct {
		const char *calls[3];
		int own_refs, gpl_only_export, want;
	} cases[] = {
		{ { "gpl_thing" }, 0, 0, 1 },
		{ { "printk_like", "gpl_thing" }, 0, 0, 1 },
		{ { "gpl_thing" }, 1, 0, 0 },		/* work of its own */
		{ { "printk_like" }, 0, 0, 0 },	/* nothing GPL-only */
		{ { "gpl_thing" }, 0, 1, 0 },		/* GPL-only itself */
		{ { NULL }, 0, 0, 0 },
	};
	struct kernel k;
	size_t i, n;

	(void)state;
	make_kernel(&k, &debian);
	for (i = 0; i < N(cases); i++) {
		struct module_export e = {
			.name = "wrapper",
			.is_function = 1,
			.calls = (const char **)cases[i].calls,
			.own_refs = cases[i].own_refs,
			.gpl_only = cases[i].gpl_only_export,
		};

		for (n = 0; n < 3 && cases[i].calls[n]; n++)
			;
		e.n_calls = n;
		assert_int_equal(verdict_wrapped_gpl_only(&e, &k, NULL) != NULL,
				 cases[i].want);
	}
	kernel_free(&k);
}

/* ---- a small ELF module written here, for what the fixtures lack ------- */

struct section_spec {
	const char *name;
	Elf64_Word type;
	Elf64_Xword flags;
	const void *data;
	size_t size;
};

/* Write an x86-64 ET_REL file of SECTIONS, a symbol table last. */
static void write_elf(const char *path, const struct section_spec *s, size_t n,
		      const Elf64_Sym *syms, size_t nsyms, const char *strtab,
		      size_t strtab_size)
{
	char shstrtab[512] = "";
	size_t shoff = 1, i, names[16];
	Elf64_Shdr *sh;
	Elf64_Ehdr *eh;
	Elf_Scn *scn;
	Elf_Data *d;
	Elf *elf;
	int fd;

	assert_true(elf_version(EV_CURRENT) != EV_NONE);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	assert_non_null(elf);
	eh = elf64_newehdr(elf);
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_REL;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	for (i = 0; i < n + 3; i++) {
		const char *name = i < n ? s[i].name :
				   (const char *[]){ ".symtab", ".strtab", ".shstrtab" }[i - n];

		names[i] = shoff;
		strcpy(shstrtab + shoff, name);
		shoff += strlen(name) + 1;
	}
	for (i = 0; i < n; i++) {
		scn = elf_newscn(elf);
		d = elf_newdata(scn);
		d->d_buf = (void *)s[i].data;
		d->d_size = s[i].size;
		d->d_align = 1;
		sh = elf64_getshdr(scn);
		sh->sh_name = names[i];
		sh->sh_type = s[i].type;
		sh->sh_flags = s[i].flags;
	}
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = (void *)syms;
	d->d_size = nsyms * sizeof(*syms);
	d->d_type = ELF_T_SYM;
	d->d_align = 8;
	sh = elf64_getshdr(scn);
	sh->sh_name = names[n];
	sh->sh_type = SHT_SYMTAB;
	sh->sh_entsize = sizeof(Elf64_Sym);
	sh->sh_link = n + 2;
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = (void *)strtab;
	d->d_size = strtab_size;
	sh = elf64_getshdr(scn);
	sh->sh_name = names[n + 1];
	sh->sh_type = SHT_STRTAB;
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = shstrtab;
	d->d_size = shoff;
	sh = elf64_getshdr(scn);
	sh->sh_name = names[n + 2];
	sh->sh_type = SHT_STRTAB;
	eh->e_shstrndx = elf_ndxscn(scn);
	assert_true(elf_update(elf, ELF_C_WRITE) > 0);
	elf_end(elf);
	close(fd);
}

static void put_version(unsigned char *p, uint64_t crc, const char *name)
{
	int b;

	memset(p, 0, 64);
	for (b = 0; b < 8; b++)
		p[b] = (unsigned char)(crc >> (8 * b));
	strncpy((char *)p + 8, name, 56);
}

static void test_versions_and_crcs_parsed(void **state)
{
	static const char modinfo[] = "license=GPL\0name=v\0vermagic=x\0";
	static const char strtab[] = "\0__ksymtab_bar\0__crc_bar\0foo\0__kstrtabns_bar";
	static const char kstrtab[] = "bar\0BAR_NS";
	static const unsigned char kcrctab[4] = { 0x01, 0xef, 0xcd, 0xab };
	static const unsigned char ksymtab[12];
	unsigned char versions[3 * 64];
	Elf64_Sym syms[5] = {
		{ 0 },
		{ .st_name = 1, .st_shndx = 3, .st_info = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE) },
		{ .st_name = 15, .st_shndx = 4, .st_info = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE) },
		{ .st_name = 25, .st_shndx = SHN_UNDEF,
		  .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE) },
		{ .st_name = 29, .st_shndx = 5, .st_value = 4,
		  .st_info = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE) },
	};
	struct section_spec s[] = {
		{ ".modinfo", SHT_PROGBITS, SHF_ALLOC, modinfo, sizeof(modinfo) - 1 },
		{ "__versions", SHT_PROGBITS, SHF_ALLOC, versions, sizeof(versions) },
		{ "__ksymtab", SHT_PROGBITS, SHF_ALLOC, ksymtab, sizeof(ksymtab) },
		{ "__kcrctab", SHT_PROGBITS, SHF_ALLOC, kcrctab, sizeof(kcrctab) },
		{ "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC | SHF_MERGE | SHF_STRINGS,
		  kstrtab, sizeof(kstrtab) },
	};
	char *dir = make_tmpdir(), *path, err[256];
	const struct module_version *mv;
	struct modfile mf;
	struct elfmod m;

	(void)state;
	put_version(versions, 0x9060323f, "module_layout");
	put_version(versions + 64, 0x12345678, "foo");
	put_version(versions + 128, 0xfedcba9876543210ULL, "a_first");
	assert_true(asprintf(&path, "%s/v.ko", dir) > 0);
	write_elf(path, s, N(s), syms, N(syms), strtab, sizeof(strtab));
	assert_int_equal(modfile_read(path, &mf, err, sizeof(err)), 0);
	if (elfmod_parse(mf.data, mf.size, &m, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(m.has_versions);
	assert_int_equal(m.n_versions, 3);
	assert_string_equal(m.versions[0].name, "a_first");	/* sorted */
	assert_true(m.versions[0].crc == 0xfedcba9876543210ULL);
	mv = elfmod_version(&m, "foo");
	assert_non_null(mv);
	assert_int_equal(mv->crc, 0x12345678);
	assert_null(elfmod_version(&m, "bar"));
	assert_int_equal(m.n_exports, 1);
	assert_string_equal(m.exports[0].name, "bar");
	assert_true(m.exports[0].has_crc);
	assert_int_equal(m.exports[0].crc, 0xabcdef01);
	assert_string_equal(m.exports[0].ns, "BAR_NS");
	assert_int_equal(m.n_imports, 1);
	assert_string_equal(m.imports[0].name, "foo");
	elfmod_free(&m);
	modfile_free(&mf);
	/* A name that runs to the end of its entry: bad input. */
	memset(versions + 64 + 8, 'x', 56);
	write_elf(path, s, N(s), syms, N(syms), strtab, sizeof(strtab));
	assert_int_equal(modfile_read(path, &mf, err, sizeof(err)), 0);
	expect_error(&mf, "__versions entry 1: the name is not NUL-terminated");
	modfile_free(&mf);
	free(path);
	remove_tree(dir);
	free(dir);
}

/* ---- what was there before ---------------------------------------------- */

static void test_license_list_from_tree(void **state)
{
	(void)state;
	assert_int_equal(kern.gpl_licenses.n, 6);
	assert_true(kernel_license_is_gpl(&kern, "GPL"));
	assert_true(kernel_license_is_gpl(&kern, "Dual MIT/GPL"));
	assert_false(kernel_license_is_gpl(&kern, "GPL "));
	assert_false(kernel_license_is_gpl(&kern, "gpl"));
	assert_false(kernel_license_is_gpl(&kern, "Proprietary"));
}

static void test_license_h_parse(void **state)
{
	struct strlist l = { 0 };

	(void)state;
	assert_int_equal(kernel_parse_license_h(
		"static inline int license_is_gpl_compatible(const char *license)\n"
		"{\n\treturn (strcmp(license, \"GPL\") == 0\n"
		"\t\t|| strcmp(license, \"Dual BSD/GPL\") == 0);\n}\n", &l), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.s[1], "Dual BSD/GPL");
	strlist_free(&l);
	assert_int_equal(kernel_parse_license_h("int x;\n", &l), -1);
}

static void test_forced_taints_from_tree(void **state)
{
	const struct forced_taint *f;

	(void)state;
	assert_string_equal(kern.forced_source, "kernel/module/main.c");
	f = kernel_forced_taint(&kern, "driverloader");
	assert_non_null(f);
	assert_true(f->loses_gpl);
	f = kernel_forced_taint(&kern, "ndiswrapper");
	assert_non_null(f);
	assert_false(f->loses_gpl);
}

static void test_nul_licence_flagged(void **state)
{
	struct modfile mf = load("fx_nul_gpl");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_string_equal(v.lic.license, "GPL");
	assert_true(v.lic.gpl_compatible);
	assert_false(v.refused);
	assert_string_equal(v.taints, unsigned_taints("O"));
	assert_true(has_line(&v.flags, "embedded NUL"));
	assert_true(has_line(&v.flags, "GPL\\0with exceptions"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_two_licences_flagged(void **state)
{
	struct modfile mf = load("fx_two_licenses");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_int_equal(elfmod_info_count(&m, "license"), 2);
	assert_true(has_line(&v.flags, "license= tags disagree"));
	/* Whichever comes first in .modinfo decides, as in the loader. */
	assert_string_equal(v.lic.license, elfmod_info(&m, "license", 0));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_case_licence_flagged(void **state)
{
	struct modfile mf = load("fx_case_gpl");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_false(v.lic.gpl_compatible);
	assert_string_equal(v.taints, unsigned_taints("PO"));
	assert_true(has_line(&v.flags, "only in case or spaces"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_forced_name_refused(void **state)
{
	struct modfile mf = load("driverloader");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&mf, &m, &v);
	assert_true(v.refused);
	assert_string_equal(v.taints, unsigned_taints("PO"));
	assert_true(has_line(&v.reasons, "GPL-only symbol securityfs_remove"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_namespaces(void **state)
{
	struct modfile ok = load("fx_ns_import"), bad = load("fx_ns_missing");
	struct elfmod m;
	struct verdict v;

	(void)state;
	judge(&ok, &m, &v);
	assert_false(v.refused);
	verdict_free(&v);
	elfmod_free(&m);
	judge(&bad, &m, &v);
	assert_true(v.refused);
	assert_true(has_line(&v.reasons, "from namespace CRYPTO_INTERNAL"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&ok);
	modfile_free(&bad);
}

/* ---- symbol_get(): the run-time rule of 6.1.52 and 6.6 ------------------ */

/* Whether the file REL of the tree at $KDIR has NEEDLE. */
static int kdir_file_has(const char *rel, const char *needle)
{
	char *path, *text, err[256];
	size_t size;
	int r;

	assert_true(asprintf(&path, "%s/%s", getenv("KDIR"), rel) > 0);
	if (file_read(path, 8 << 20, &text, &size, err, sizeof(err)))
		fail_msg("%s: %s", path, err);
	r = strstr(text, needle) != NULL;
	free(text);
	free(path);
	return r;
}

/* A number the tree's top Makefile sets: "VERSION = 6" and the like. */
static long kdir_makefile_number(const char *name)
{
	char *path, *text, *needle, *at, err[256];
	size_t size;
	long n = -1;

	assert_true(asprintf(&path, "%s/Makefile", getenv("KDIR")) > 0);
	if (file_read(path, 1 << 20, &text, &size, err, sizeof(err)))
		fail_msg("%s: %s", path, err);
	assert_true(asprintf(&needle, "\n%s = ", name) > 0);
	at = strstr(text, needle);
	if (at)
		n = strtol(at + strlen(needle), NULL, 10);
	free(needle);
	free(text);
	free(path);
	return n;
}

/*
 * fx_symbol_get asks for capable and ktime_get, in that order (its
 * source), as it loads.  Their export types come from the kernel's own
 * sources; the rule from the kernel's history: "modules: only allow
 * symbol_get of EXPORT_SYMBOL_GPL modules" is in 6.1 from 6.1.52
 * (ChangeLog-6.1.52), and the kit's tree is 6.1.192.
 */
static void test_symbol_get(void **state)
{
	struct modfile mf = load("fx_symbol_get");
	struct elfmod m;
	struct verdict v;

	(void)state;
	assert_int_equal(kdir_makefile_number("VERSION"), 6);
	assert_int_equal(kdir_makefile_number("PATCHLEVEL"), 1);
	assert_true(kdir_makefile_number("SUBLEVEL") >= 52);
	assert_true(kdir_file_has("kernel/capability.c", "EXPORT_SYMBOL(capable);"));
	assert_true(kdir_file_has("kernel/time/timekeeping.c",
				  "EXPORT_SYMBOL_GPL(ktime_get);"));
	judge(&mf, &m, &v);
	assert_int_equal(m.n_symbol_gets, 2);
	assert_string_equal(m.symbol_gets[0], "capable");
	assert_string_equal(m.symbol_gets[1], "ktime_get");
	assert_int_equal(m.symbol_gets_unread, 0);
	assert_int_equal(kern.symbol_get_gpl_only, 1);
	assert_string_equal(kern.symbol_get_source, "kernel/module/main.c");
	assert_int_equal(v.n_symbol_gets, 2);
	assert_int_equal(v.symbol_gets[0].answer, SYMBOL_GET_NULL);
	assert_string_equal(v.symbol_gets[0].message,
			    "failing symbol_get of non-GPLONLY symbol capable.");
	assert_true(has_line(&v.notes, "symbol_get(capable) answers NULL"));
	assert_int_equal(v.symbol_gets[1].answer, SYMBOL_GET_ADDRESS);
	assert_null(v.symbol_gets[1].message);
	assert_false(v.refused);
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

/*
 * Without kernel/module/main.c (Debian's headers), the rule by version:
 * in 6.1 from 6.1.52 (ChangeLog-6.1.52; Debian's changelog for 6.1.52-1),
 * in mainline from 6.6 (v6.6-rc1); other lines had stable updates of
 * their own, not checked here, so "not known".
 */
static void test_symbol_get_rule_by_version(void **state)
{
	static const struct {
		int major, minor, sub, want;
	} cases[] = {
		{ 6, 1, 51, 0 }, { 6, 1, 52, 1 }, { 6, 1, 192, 1 },
		{ 6, 5, 0, -1 }, { 6, 6, 0, 1 }, { 6, 12, 57, 1 }, { 5, 10, 200, -1 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *root = make_tmpdir(), *dir, *path, *text, err[2048];
		struct kernel k;

		debian_layout(root, 1, 1);
		assert_true(asprintf(&dir, "%s/usr/src/linux-headers-9.9.9-1-amd64", root) > 0);
		assert_true(asprintf(&path, "%s/include/generated/uapi/linux/version.h", dir) > 0);
		assert_true(asprintf(&text, "#define LINUX_VERSION_MAJOR %d\n#define LINUX_VERSION_PATCHLEVEL %d\n#define LINUX_VERSION_SUBLEVEL %d\n",
				     cases[i].major, cases[i].minor, cases[i].sub) > 0);
		write_file(path, text);
		if (kernel_load(&k, dir, NULL, NULL, NULL, err, sizeof(err)))
			fail_msg("%s", err);
		if (k.symbol_get_gpl_only != cases[i].want)
			fail_msg("%d.%d.%d: %d, not %d (%s)", cases[i].major,
				 cases[i].minor, cases[i].sub, k.symbol_get_gpl_only,
				 cases[i].want, k.symbol_get_source);
		kernel_free(&k);
		free(text);
		free(path);
		free(dir);
		remove_tree(root);
		free(root);
	}
}

/*
 * Where the loader reads the licence against where it tests taint P, read
 * from the --source tree: the shapes of 6.1's check_modinfo() +
 * check_module_license_and_versions() and 6.12's
 * module_augment_kernel_taints(), cut to the lines that decide it.
 */
static void test_licence_rule_from_source(void **state)
{
	static const char v6_1[] =
		"static int check_modinfo(struct module *mod, struct load_info *info, int flags)\n{\n"
		"\tset_license(mod, get_modinfo(info, \"license\"));\n}\n\n"
		"static int check_module_license_and_versions(struct module *mod)\n{\n"
		"\tint prev_taint = test_taint(TAINT_PROPRIETARY_MODULE);\n\n"
		"\tif (!prev_taint && test_taint(TAINT_PROPRIETARY_MODULE))\n"
		"\t\tpr_warn(\"%s: module license taints kernel.\\n\", mod->name);\n}\n";
	static const char v6_12[] =
		"static void module_augment_kernel_taints(struct module *mod, struct load_info *info)\n{\n"
		"\tint prev_taint = test_taint(TAINT_PROPRIETARY_MODULE);\n\n"
		"\tmodule_license_taint_check(mod, get_modinfo(info, \"license\"));\n\n"
		"\tif (!prev_taint && test_taint(TAINT_PROPRIETARY_MODULE))\n"
		"\t\tpr_warn(\"%s: module license taints kernel.\\n\", mod->name);\n}\n";
	static const struct {
		const char *main_c;
		int want;
		const char *source;
	} cases[] = {
		{ v6_1, 0, "kernel/module/main.c" },
		{ v6_12, 1, "kernel/module/main.c" },
		{ NULL, 0, "not read: Linux 6.1's order assumed" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		char *root = make_tmpdir(), *dir, *src, *path, err[2048];
		struct kernel k;

		debian_layout(root, 1, 1);
		assert_true(asprintf(&dir, "%s/usr/src/linux-headers-9.9.9-1-amd64", root) > 0);
		assert_true(asprintf(&src, "%s/linux-source", root) > 0);
		assert_true(asprintf(&path, "%s/kernel/module/main.c", src) > 0);
		/* Without main.c, a source tree that has other files. */
		if (!cases[i].main_c)
			strcpy(strrchr(path, '/') - strlen("module"), "capability.c");
		write_file(path, cases[i].main_c ? cases[i].main_c : "");
		if (kernel_load(&k, dir, src, NULL, NULL, err, sizeof(err)))
			fail_msg("%s", err);
		assert_int_equal(k.licence_read_after_p_test, cases[i].want);
		assert_string_equal(k.licence_rule_source, cases[i].source);
		kernel_free(&k);
		free(path);
		free(src);
		free(dir);
		remove_tree(root);
		free(root);
	}
}

/*
 * The loader rules of 6.12 that 6.1 lacks, as the kernel's source gives
 * them (kernel/module/main.c: elf_validity_cache_index_mod() and
 * module_augment_kernel_taints()): a struct module of another size is
 * refused first, with nothing tainted; a licence that taints P is said
 * twice, the second time only while the kernel lacks P.
 */
static void test_loader_rules_6_12(void **state)
{
	static const char size_msg[] =
		"module case: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time";
	static const struct {
		const char *what;
		int after_p_test;
		size_t kernel_size, module_size;
		const char *license;
		int refused;
		const char *stage, *message, *absent;
	} cases[] = {
		{ "6.12, built for 6.1", 1, 1280, 896, "GPL", 1, "elf", size_msg, NULL },
		{ "6.12, its own size", 1, 1280, 1280, "GPL", 0, NULL, NULL, size_msg },
		{ "6.12, size not known", 1, 0, 896, "GPL", 0, NULL, NULL, size_msg },
		{ "6.12, proprietary", 1, 1280, 1280, "Proprietary", 0, NULL,
		  "case: module license taints kernel.", NULL },
		{ "6.1, proprietary", 0, 0, 896, "Proprietary", 0, NULL,
		  "case: module license 'Proprietary' taints kernel.",
		  "case: module license taints kernel." },
	};
	size_t i;

	(void)state;
	for (i = 0; i < N(cases); i++) {
		struct load_case c = {
			.what = cases[i].what, .k = debian, .vermagic = DEB_MAGIC,
			.license = cases[i].license, .versions = 1,
			.layout_crc = 0x9060323f, .import_crc = 0x11111111,
			.import = "printk_like",
		};
		const char *stage;
		struct kernel k;
		struct elfmod m;
		struct verdict v;

		make_kernel(&k, &c.k);
		k.checks_this_module_size = cases[i].after_p_test;
		k.struct_module_size = cases[i].kernel_size;
		k.struct_module_size_source = xstrdup("not known: test");
		k.licence_read_after_p_test = cases[i].after_p_test;
		build_case_module(&m, &c);
		m.this_module_size = cases[i].module_size;
		verdict_compute(&m, &k, NULL, NULL, &v);
		stage = load_stage_name(v.refused_at);
		if (v.refused != cases[i].refused ||
		    (cases[i].stage ? !stage || strcmp(stage, cases[i].stage) : stage != NULL))
			fail_msg("%s: refused %d at %s", c.what, v.refused,
				 stage ? stage : "-");
		if (cases[i].refused && (v.taints[0] || v.kernel_taints[0]))
			fail_msg("%s: taints %s before the refusal", c.what,
				 v.kernel_taints);
		if (cases[i].message && !has_line(&v.messages, cases[i].message))
			fail_msg("%s: no message \"%s\"", c.what, cases[i].message);
		if (cases[i].absent && has_line(&v.messages, cases[i].absent))
			fail_msg("%s: says \"%s\"", c.what, cases[i].absent);
		check_messages_once(c.what, &v);
		verdict_free(&v);
		elfmod_free(&m);
		kernel_free(&k);
	}
}

/*
 * BTF as pahole writes it (include/uapi/linux/btf.h): a header, then an
 * INT, a struct "modulex" and the struct "module" whose size is wanted;
 * and the ways it can be broken.
 */
static void test_btf_struct_size(void **state)
{
	static const char strs[] = "\0int\0modulex\0module";
	unsigned char blob[256] = { 0 }, *t;
	uint32_t hdr[6] = { 0xeB9F | 1u << 16, 24, 0, 0, 0, sizeof(strs) };
	uint32_t types[] = {
		1, 1u << 24, 4, 32,		/* int: INT, 4 bytes, +4 */
		5, 4u << 24 | 1, 2000, 1, 1, 0,	/* modulex: STRUCT, 1 member */
		13, 4u << 24, 1280,		/* module: STRUCT, no members */
	};
	char err[256];
	size_t size = 0;

	(void)state;
	hdr[3] = sizeof(types);
	hdr[4] = sizeof(types);
	memcpy(blob, hdr, sizeof(hdr));
	t = blob + 24;
	memcpy(t, types, sizeof(types));
	memcpy(t + sizeof(types), strs, sizeof(strs));
	assert_int_equal(btf_parse_struct_size(blob, 24 + sizeof(types) + sizeof(strs),
					       "module", &size, err, sizeof(err)), 0);
	assert_int_equal(size, 1280);
	assert_int_equal(btf_parse_struct_size(blob, 24 + sizeof(types) + sizeof(strs),
					       "modulex", &size, err, sizeof(err)), 0);
	assert_int_equal(size, 2000);
	assert_int_equal(btf_parse_struct_size(blob, 24 + sizeof(types) + sizeof(strs),
					       "task_struct", &size, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "no struct task_struct"));
	/* Cut short: the sections reach beyond the data. */
	assert_int_equal(btf_parse_struct_size(blob, 40, "module", &size, err,
					       sizeof(err)), -1);
	assert_non_null(strstr(err, "beyond"));
	blob[0] = 0;
	assert_int_equal(btf_parse_struct_size(blob, sizeof(blob), "module", &size,
					       err, sizeof(err)), -1);
	assert_non_null(strstr(err, "bad magic"));
}

/* The file offset of section NAME's contents in IMAGE, and its size. */
static size_t section_offset(struct modfile *mf, const char *name,
			     size_t *size)
{
	Elf *elf = elf_memory((char *)mf->data, mf->size);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx, off = 0;

	assert_non_null(elf);
	assert_int_equal(elf_getshdrstrndx(elf, &shstrndx), 0);
	while ((scn = elf_nextscn(elf, scn))) {
		gelf_getshdr(scn, &sh);
		if (strcmp(elf_strptr(elf, shstrndx, sh.sh_name), name) == 0) {
			off = sh.sh_offset;
			*size = sh.sh_size;
		}
	}
	elf_end(elf);
	assert_true(off != 0);
	return off;
}

/*
 * fx_symbol_get with its first "mov $str, %rdi" made "mov $str, %rsi":
 * that string is no longer symbol_get()'s argument, and the call is
 * counted as unread, not given a name.
 */
static void test_symbol_get_other_register(void **state)
{
	static const unsigned char mov_rdi[] = { 0x48, 0xc7, 0xc7, 0, 0, 0, 0 };
	struct modfile mf = load("fx_symbol_get");
	size_t off, size, i;
	struct elfmod m;
	struct verdict v;

	(void)state;
	off = section_offset(&mf, ".init.text", &size);
	for (i = 0; i + sizeof(mov_rdi) <= size; i++)
		if (memcmp(mf.data + off + i, mov_rdi, sizeof(mov_rdi)) == 0)
			break;
	assert_true(i + sizeof(mov_rdi) <= size);
	mf.data[off + i + 2] = 0xc6;	/* ModRM: %rsi */
	judge(&mf, &m, &v);
	assert_int_equal(m.n_symbol_gets, 1);
	assert_string_equal(m.symbol_gets[0], "ktime_get");
	assert_int_equal(m.symbol_gets_unread, 1);
	assert_true(has_line(&v.notes, "could not read"));
	verdict_free(&v);
	elfmod_free(&m);
	modfile_free(&mf);
}

static void test_damaged_modules(void **state)
{
	struct modfile mf = load("fx_case_gpl");
	unsigned char *orig = malloc(mf.size);
	Elf64_Ehdr *eh = (Elf64_Ehdr *)mf.data;
	size_t off, size, full = mf.size;

	(void)state;
	memcpy(orig, mf.data, full);
#define RESTORE() (memcpy(mf.data, orig, full), mf.size = full)

	mf.size = 3;
	expect_error(&mf, "not an ELF file");
	RESTORE();
	mf.data[0] = 'X';
	expect_error(&mf, "not an ELF file");
	RESTORE();
	mf.size = 100;
	expect_error(&mf, "");
	RESTORE();
	mf.size = full / 2;
	expect_error(&mf, "");
	RESTORE();
	mf.data[EI_CLASS] = ELFCLASS32;
	expect_error(&mf, "not a 64-bit ELF file");
	RESTORE();
	mf.data[EI_DATA] = ELFDATA2MSB;
	expect_error(&mf, "not a little-endian ELF file");
	RESTORE();
	eh->e_type = ET_EXEC;
	expect_error(&mf, "not a relocatable object");
	RESTORE();
	eh->e_machine = EM_AARCH64;
	expect_error(&mf, "not x86-64");
	RESTORE();
	eh->e_shoff = full - 8;
	expect_error(&mf, "");
	RESTORE();
	eh->e_shoff = UINT64_MAX - 16;
	expect_error(&mf, "");
	RESTORE();

	/* .modinfo renamed: not a module. */
	off = section_offset(&mf, ".shstrtab", &size);
	{
		unsigned char *p = memmem(mf.data + off, size, ".modinfo", 9);

		assert_non_null(p);
		p[1] = 'x';
		expect_error(&mf, "no .modinfo section");
		RESTORE();
	}
	/* .modinfo whose last string is not terminated. */
	off = section_offset(&mf, ".modinfo", &size);
	memset(mf.data + off + size - 1, 'x', 1);
	expect_error(&mf, ".modinfo does not end in a NUL byte");
	RESTORE();
	/* A symbol table claiming to be far larger than the file. */
	{
		Elf64_Shdr *sh = (Elf64_Shdr *)(mf.data + eh->e_shoff);
		int i;

		for (i = 0; i < eh->e_shnum; i++)
			if (sh[i].sh_type == SHT_SYMTAB)
				sh[i].sh_size = (uint64_t)1 << 40;
		expect_error(&mf, "");
		RESTORE();
	}
	free(orig);
	modfile_free(&mf);
}

static void test_decompression(void **state)
{
	struct modfile plain, packed;
	char err[256], *p = fixture_path("fx_case_gpl"), *q;
	static const char *const ext[] = { "xz", "gz", "zst" };
	size_t i;

	(void)state;
	assert_int_equal(modfile_read(p, &plain, err, sizeof(err)), 0);
	for (i = 0; i < 3; i++) {
		assert_true(asprintf(&q, "%s.%s", p, ext[i]) > 0);
		if (modfile_read(q, &packed, err, sizeof(err)))
			fail_msg("%s: %s", q, err);
		assert_int_equal(packed.size, plain.size);
		assert_memory_equal(packed.data, plain.data, plain.size);
		modfile_free(&packed);
		free(q);
	}
	assert_int_equal(modfile_read("/nonexistent.ko", &packed, err,
				      sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot open"));
	modfile_free(&plain);
	free(p);
}

static int setup(void **state)
{
	char err[1024];

	(void)state;
	if (!getenv("FIXTURES") || !getenv("KDIR")) {
		fprintf(stderr, "set FIXTURES and KDIR\n");
		return -1;
	}
	if (kernel_load(&kern, getenv("KDIR"), NULL, NULL, NULL, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	kernel_free(&kern);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_out_of_memory_policy),
		cmocka_unit_test(test_file_read),
		cmocka_unit_test(test_ksymtab_names),
		cmocka_unit_test(test_json_strings),
		cmocka_unit_test(test_json_structure),
		cmocka_unit_test(test_gpl_rule),
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_parse_outlives_file),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_cli_also_limit),
		cmocka_unit_test(test_cli_sig_enforce),
		cmocka_unit_test(test_usage_distro),
		cmocka_unit_test(test_usage_man_options),
		cmocka_unit_test(test_exit_status_catalogue),
		cmocka_unit_test(test_kit_mk_finds_tool),
		cmocka_unit_test(test_loader_stages),
		cmocka_unit_test(test_summary_taints),
		cmocka_unit_test(test_vermagic_from_config),
		cmocka_unit_test(test_taint_flags_6_1),
		cmocka_unit_test(test_taint_flags_bad),
		cmocka_unit_test(test_distro_headers),
		cmocka_unit_test(test_tree_missing_config),
		cmocka_unit_test(test_package_resolves_siblings),
		cmocka_unit_test(test_package_namespace),
		cmocka_unit_test(test_package_refused_dependency),
		cmocka_unit_test(test_package_missing_provider),
		cmocka_unit_test(test_package_kernel_dependency),
		cmocka_unit_test(test_shim_fixture),
		cmocka_unit_test(test_shim_rule),
		cmocka_unit_test(test_versions_and_crcs_parsed),
		cmocka_unit_test(test_license_list_from_tree),
		cmocka_unit_test(test_license_h_parse),
		cmocka_unit_test(test_forced_taints_from_tree),
		cmocka_unit_test(test_nul_licence_flagged),
		cmocka_unit_test(test_two_licences_flagged),
		cmocka_unit_test(test_case_licence_flagged),
		cmocka_unit_test(test_forced_name_refused),
		cmocka_unit_test(test_namespaces),
		cmocka_unit_test(test_symbol_get),
		cmocka_unit_test(test_symbol_get_rule_by_version),
		cmocka_unit_test(test_licence_rule_from_source),
		cmocka_unit_test(test_loader_rules_6_12),
		cmocka_unit_test(test_btf_struct_size),
		cmocka_unit_test(test_symbol_get_other_register),
		cmocka_unit_test(test_damaged_modules),
		cmocka_unit_test(test_decompression),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
