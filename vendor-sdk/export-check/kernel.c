// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The target kernel, read from its build tree.  The licence list comes
 * from the tree's own include/linux/license.h, never from a copy kept here,
 * so it cannot drift from the kernel being checked; vermagic is built from
 * the tree's .config and UTS_RELEASE as include/linux/vermagic.h builds it.
 */

#include "kernel.h"
#include "btf.h"
#include "file.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Text inputs read whole; a guard against a wrong path reading a disk. */
#define TEXT_MAX_SIZE ((size_t)64 << 20)

/* Used only when the tree has no kernel/module/main.c (e.g. headers only). */
static const struct forced_taint builtin_forced_6_1[] = {
	{ "ndiswrapper", 0 },
	{ "driverloader", 1 },
	{ "lve", 1 },
};

static char *read_text(const char *path, char *err, size_t errlen)
{
	char *text, why[256];
	size_t size;

	if (file_read(path, TEXT_MAX_SIZE, &text, &size, why, sizeof(why))) {
		fail(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	return text;
}

int kernel_parse_license_h(const char *text, struct strlist *out)
{
	const char *p = strstr(text, "license_is_gpl_compatible");
	const char *end, *q;
	static const char needle[] = "strcmp(license, \"";

	if (!p)
		return -1;
	end = strstr(p, "\n}");
	if (!end)
		return -1;
	while ((p = strstr(p, needle)) && p < end) {
		p += sizeof(needle) - 1;
		q = strchr(p, '"');
		if (!q || q > end)
			return -1;
		strlist_addf(out, "%.*s", (int)(q - p), p);
		p = q;
	}
	return out->n ? 0 : -1;
}

int kernel_load_license_h(struct kernel *k, const char *path, char *err,
			  size_t errlen)
{
	char *text = read_text(path, err, errlen);
	int r;

	if (!text)
		return -1;
	r = kernel_parse_license_h(text, &k->gpl_licenses);
	free(text);
	if (r)
		return fail(err, errlen,
			    "%s: no license_is_gpl_compatible() list found", path);
	k->license_h_path = xstrdup(path);
	return 0;
}

/* The loader's name-based taints, from kernel/module/main.c's TEXT. */
static void parse_forced_taints(struct kernel *k, const char *text)
{
	static const char needle[] = "strcmp(mod->name, \"";
	const char *p, *q, *call;
	size_t cap = 0;

	for (p = text; p && (p = strstr(p, needle)); p = q) {
		p += sizeof(needle) - 1;
		q = strchr(p, '"');
		call = q ? strstr(q, "add_taint") : NULL;
		if (!call)
			break;
		k->forced = grow(k->forced, k->n_forced, &cap,
				 sizeof(*k->forced), 4);
		k->forced[k->n_forced++] = (struct forced_taint){
			.name = xstrndup(p, (size_t)(q - p)),
			.loses_gpl = strncmp(call, "add_taint_module(", 17) == 0,
		};
	}
}

static void builtin_forced_taints(struct kernel *k)
{
	size_t i;

	k->n_forced = sizeof(builtin_forced_6_1) / sizeof(*builtin_forced_6_1);
	k->forced = xcalloc(k->n_forced, sizeof(*k->forced));
	for (i = 0; i < k->n_forced; i++)
		k->forced[i] = (struct forced_taint){
			xstrdup(builtin_forced_6_1[i].name),
			builtin_forced_6_1[i].loses_gpl,
		};
	k->forced_source = "built-in 6.1 list";
}

/* A numeric #define of the header at PATH, or -1. */
static long header_number(const char *path, const char *name)
{
	char why[256], *text = read_text(path, why, sizeof(why)), *def, *q;
	long value = -1;

	if (!text)
		return -1;
	def = xasprintf("#define %s ", name);
	q = strstr(text, def);
	if (q)
		value = strtol(q + strlen(def), NULL, 10);
	free(def);
	free(text);
	return value;
}

/*
 * Without the loader's source, the symbol_get() rule from the version
 * ("modules: only allow symbol_get of EXPORT_SYMBOL_GPL modules": Linux
 * 6.6, and 6.1.52 in the 6.1 line, by its ChangeLog-6.1.52 and Debian's
 * changelog for 6.1.52-1).  Other lines are not known here.
 */
static void symbol_get_rule_by_version(struct kernel *k)
{
	long major = -1, minor = -1, sub = -1;
	char *path, why[256];

	path = k->tree.n_parts ?
	       tree_find(&k->tree, "include/generated/uapi/linux/version.h",
			 why, sizeof(why)) : NULL;
	if (path) {
		major = header_number(path, "LINUX_VERSION_MAJOR");
		minor = header_number(path, "LINUX_VERSION_PATCHLEVEL");
		sub = header_number(path, "LINUX_VERSION_SUBLEVEL");
		free(path);
	}
	if (major < 0 || minor < 0 || sub < 0) {
		k->symbol_get_gpl_only = -1;
		k->symbol_get_source = xstrdup("not known: no kernel/module/main.c or version.h");
		return;
	}
	if (major > 6 || (major == 6 && minor >= 6))
		k->symbol_get_gpl_only = 1;
	else if (major == 6 && minor == 1)
		k->symbol_get_gpl_only = sub >= 52;
	else
		k->symbol_get_gpl_only = -1;
	k->symbol_get_source = xasprintf("version.h: %ld.%ld.%ld (%s)",
					 major, minor, sub,
					 k->symbol_get_gpl_only < 0 ?
					 "not known for this line" :
					 "the rule is in 6.1.52 and later, and 6.6");
}

/*
 * Whether the body of __symbol_get() in the loader's source TEXT refuses a
 * symbol not exported GPL-only: it tests fsa.license against GPL_ONLY and
 * prints "failing symbol_get of non-GPLONLY symbol".  Sets
 * K->symbol_get_gpl_only and returns 1 if the body was found.
 */
static int symbol_get_rule_in_source(struct kernel *k, const char *text)
{
	const char *body = strstr(text, "\nvoid *__symbol_get(const char *symbol)\n{");
	const char *end = body ? strstr(body + 1, "\n}\n") : NULL;
	const char *rule, *test;

	if (!end)
		return 0;
	rule = strstr(body, "failing symbol_get of non-GPLONLY symbol");
	test = strstr(body, "fsa.license != GPL_ONLY");
	k->symbol_get_gpl_only = rule && test && test < rule && rule < end;
	return 1;
}

/*
 * Whether the function of the loader's source TEXT that prints "module
 * license taints kernel." reads the module's licence (get_modinfo(info,
 * "license")) between noting the kernel's taint P and printing it.  Sets
 * K->licence_read_after_p_test and returns 1 if that print was found.
 */
static int licence_rule_in_source(struct kernel *k, const char *text)
{
	static const char test[] = "prev_taint = test_taint(TAINT_PROPRIETARY_MODULE)";
	const char *say = strstr(text, "\"%s: module license taints kernel.");
	const char *start = say, *tested, *read;

	if (!say)
		return 0;
	/* The function it is in: back to the "{" that starts a line. */
	while (start > text && !(start[0] == '{' && start[-1] == '\n'))
		start--;
	tested = strstr(start, test);
	if (!tested || tested > say)
		return 0;
	read = strstr(tested, "\"license\")");
	k->licence_read_after_p_test = read && read < say;
	return 1;
}

/*
 * sizeof(struct module), for a loader that checks it: from the BTF of the
 * tree's vmlinux (a built tree's, or the BTF-only one of Debian's 6.12
 * headers).
 */
static void load_struct_module_size(struct kernel *k)
{
	char why[512], *path = tree_find(&k->tree, "vmlinux", why, sizeof(why));

	if (path && !btf_struct_size(path, "module", &k->struct_module_size,
				     why, sizeof(why))) {
		k->struct_module_size_source = xasprintf("%s (BTF)", path);
	} else {
		k->struct_module_size = 0;
		k->struct_module_size_source = xasprintf("not known: %s", why);
	}
	free(path);
}

/*
 * What the loader's source says, where the tree has it
 * (kernel/module/main.c, or kernel/module.c before 5.19): the name-based
 * taints, and whether __symbol_get() refuses symbols not exported
 * GPL-only.  Without it, the taints of 6.1 and the symbol_get() rule of
 * the version.
 */
static void load_loader_rules(struct kernel *k)
{
	static const char *const sources[] = {
		"kernel/module/main.c", "kernel/module.c",
	};
	char *path = NULL, *text = NULL, why[512];
	const char *source = NULL;
	size_t i;

	for (i = 0; k->tree.n_parts && !path && i < 2; i++) {
		path = tree_find(&k->tree, sources[i], why, sizeof(why));
		source = sources[i];
	}
	if (path)
		text = read_text(path, why, sizeof(why));
	free(path);
	if (text)
		parse_forced_taints(k, text);
	if (k->n_forced)
		k->forced_source = source;
	else
		builtin_forced_taints(k);
	if (text && symbol_get_rule_in_source(k, text))
		k->symbol_get_source = xstrdup(source);
	else
		symbol_get_rule_by_version(k);
	if (text && licence_rule_in_source(k, text))
		k->licence_rule_source = source;
	else
		k->licence_rule_source = "not read: Linux 6.1's order assumed";
	k->checks_this_module_size = text &&
		strstr(text, "section size must match the kernel's built struct module size");
	if (k->checks_this_module_size)
		load_struct_module_size(k);
	free(text);
}

/*
 * The taint flags, from the tree's include/linux/panic.h and kernel/panic.c;
 * Linux 6.1's where the tree has not both (headers only, or --symvers).
 */
static int load_taint_flags(struct kernel *k, char *err, size_t errlen)
{
	char *h = NULL, *c = NULL, *rst = NULL, why[512];
	char *h_text = NULL, *c_text = NULL, *rst_text = NULL;
	int r = 0;

	if (k->tree.n_parts) {
		h = tree_find(&k->tree, "include/linux/panic.h", why, sizeof(why));
		c = tree_find(&k->tree, "kernel/panic.c", why, sizeof(why));
		rst = tree_find(&k->tree,
				"Documentation/admin-guide/tainted-kernels.rst",
				why, sizeof(why));
	}
	if (!h || !c) {
		taint_flags_6_1(&k->taint_flags);
		goto out;
	}
	h_text = read_text(h, err, errlen);
	c_text = h_text ? read_text(c, err, errlen) : NULL;
	rst_text = rst ? read_text(rst, why, sizeof(why)) : NULL;
	if (!c_text)
		r = -1;
	else if (taint_flags_parse(h_text, c_text, rst_text, &k->taint_flags,
				   why, sizeof(why)))
		r = fail(err, errlen, "%s: %s", c, why);
	else
		k->taint_flags.source = "kernel/panic.c";
out:
	free(h_text);
	free(c_text);
	free(rst_text);
	free(h);
	free(c);
	free(rst);
	return r;
}

/* True if TEXT (a .config) has the line CONFIG_<NAME>=y. */
static int config_y(const char *text, const char *name)
{
	char *line = xasprintf("CONFIG_%s=y", name);
	size_t n = strlen(line);
	const char *p = text;
	int found = 0;

	while (!found && (p = strstr(p, line))) {
		found = (p == text || p[-1] == '\n') &&
			(p[n] == '\n' || p[n] == '\0');
		p += n;
	}
	free(line);
	return found;
}

void kernel_parse_config(const char *text, struct kconfig *c)
{
	*c = (struct kconfig){
		.known = 1,
		.smp = config_y(text, "SMP"),
		.preempt_build = config_y(text, "PREEMPT_BUILD"),
		.preempt_rt = config_y(text, "PREEMPT_RT"),
		.module_unload = config_y(text, "MODULE_UNLOAD"),
		.randstruct = config_y(text, "RANDSTRUCT"),
		.modversions = config_y(text, "MODVERSIONS"),
		.module_sig = config_y(text, "MODULE_SIG"),
		.module_sig_force = config_y(text, "MODULE_SIG_FORCE"),
		.module_force_load = config_y(text, "MODULE_FORCE_LOAD"),
		.livepatch = config_y(text, "LIVEPATCH"),
		.missing_ns_ok =
			config_y(text, "MODULE_ALLOW_MISSING_NAMESPACE_IMPORTS"),
		.lockdown_forced =
			config_y(text, "SECURITY_LOCKDOWN_LSM") &&
			(config_y(text, "LOCK_DOWN_KERNEL_FORCE_INTEGRITY") ||
			 config_y(text, "LOCK_DOWN_KERNEL_FORCE_CONFIDENTIALITY")),
		.lockdown_secure_boot =
			config_y(text, "LOCK_DOWN_IN_EFI_SECURE_BOOT"),
	};
}

char *kernel_vermagic(const char *release, const struct kconfig *c,
		      const char *randstruct_seed)
{
	return xasprintf("%s %s%s%s%s%s%s", release, c->smp ? "SMP " : "",
			 c->preempt_build ? "preempt " :
			 c->preempt_rt ? "preempt_rt " : "",
			 c->module_unload ? "mod_unload " : "",
			 c->modversions ? "modversions " : "",
			 c->randstruct ? "RANDSTRUCT_" : "",
			 c->randstruct ? randstruct_seed : "");
}

/* The quoted string after "#define NAME " in the header at PATH. */
static char *header_string(const char *path, const char *name, char *err,
			   size_t errlen)
{
	char *text = read_text(path, err, errlen), *def, *q, *value = NULL;

	if (!text)
		return NULL;
	def = xasprintf("#define %s \"", name);
	q = strstr(text, def);
	if (q) {
		q += strlen(def);
		value = xstrndup(q, strcspn(q, "\"\n"));
	} else {
		fail(err, errlen, "%s: no %s", path, name);
	}
	free(def);
	free(text);
	return value;
}

/* .config, UTS_RELEASE and the vermagic they make. */
static int load_config(struct kernel *k, char *err, size_t errlen)
{
	char *path, *text, *seed = NULL;

	k->config_path = tree_find(&k->tree, ".config", err, errlen);
	if (!k->config_path)
		return -1;
	text = read_text(k->config_path, err, errlen);
	if (!text)
		return -1;
	kernel_parse_config(text, &k->config);
	if (!config_y(text, "X86_64")) {
		free(text);
		return fail(err, errlen,
			    "%s: not an x86-64 kernel (no CONFIG_X86_64=y); export-check knows x86-64 only",
			    k->config_path);
	}
	free(text);
	k->modversions = k->config.modversions;
	/* UTS_RELEASE is what goes into vermagic; kernel.release can differ
	 * (Debian's headers give the upstream version there).
	 */
	path = tree_find(&k->tree, "include/generated/utsrelease.h", err,
			 errlen);
	if (!path)
		return -1;
	k->release = header_string(path, "UTS_RELEASE", err, errlen);
	free(path);
	if (!k->release)
		return -1;
	if (k->config.randstruct) {
		path = tree_find(&k->tree, "include/generated/randstruct_hash.h",
				 err, errlen);
		seed = path ? header_string(path, "RANDSTRUCT_HASHED_SEED", err,
					    errlen) : NULL;
		free(path);
		if (!seed)
			return -1;
	}
	k->vermagic = kernel_vermagic(k->release, &k->config, seed);
	free(seed);
	return 0;
}

/* include/linux/license.h: LICENSE_H if given, else the tree's. */
static int load_licenses(struct kernel *k, const char *dir,
			 const char *license_h, char *err, size_t errlen)
{
	char why[1024], *lic;
	int r;

	if (license_h)
		return kernel_load_license_h(k, license_h, err, errlen);
	lic = tree_find(&k->tree, "include/linux/license.h", why, sizeof(why));
	if (!lic)
		return fail(err, errlen, "%s: %s; or name it with --license-h",
			    dir, why);
	r = kernel_load_license_h(k, lic, err, errlen);
	free(lic);
	return r;
}

int kernel_load_licenses(struct kernel *k, const char *dir,
			 const char *license_h, char *err, size_t errlen)
{
	*k = (struct kernel){ 0 };
	if ((dir && tree_open(&k->tree, dir, err, errlen)) ||
	    load_licenses(k, dir, license_h, err, errlen)) {
		kernel_free(k);
		return -1;
	}
	return 0;
}

int kernel_load(struct kernel *k, const char *dir, const char *source,
		const char *symvers, const char *license_h, char *err,
		size_t errlen)
{
	char sverr[256], why[1024];

	*k = (struct kernel){ 0 };
	if (dir) {
		if (tree_open(&k->tree, dir, err, errlen))
			return -1;
		if (source && tree_add_source(&k->tree, source, err, errlen)) {
			kernel_free(k);
			return -1;
		}
		k->symvers_path = xasprintf("%s/Module.symvers",
					    k->tree.part[0]);
	} else if (!license_h) {
		return fail(err, errlen,
			    "%s: with --symvers, name the tree's include/linux/license.h with --license-h",
			    symvers);
	} else {
		k->symvers_path = xstrdup(symvers);
	}
	if (symvers_load(k->symvers_path, &k->symvers, sverr, sizeof(sverr))) {
		fail(err, errlen, "%s: %s", k->symvers_path, sverr);
		goto bad;
	}
	if (load_licenses(k, dir, license_h, err, errlen))
		goto bad;
	if (dir && load_config(k, why, sizeof(why))) {
		fail(err, errlen, "%s: %s", dir, why);
		goto bad;
	}
	if (!dir)
		k->modversions = k->symvers.has_crcs;
	load_loader_rules(k);
	if (load_taint_flags(k, err, errlen))
		goto bad;
	return 0;
bad:
	kernel_free(k);
	return -1;
}

void kernel_free(struct kernel *k)
{
	size_t i;

	tree_free(&k->tree);
	symvers_free(&k->symvers);
	free(k->symvers_path);
	strlist_free(&k->gpl_licenses);
	free(k->license_h_path);
	free(k->config_path);
	free(k->release);
	free(k->vermagic);
	for (i = 0; i < k->n_forced; i++)
		free(k->forced[i].name);
	free(k->forced);
	free(k->symbol_get_source);
	free(k->struct_module_size_source);
	*k = (struct kernel){ 0 };
}

int kernel_license_is_gpl(const struct kernel *k, const char *license)
{
	size_t i;

	for (i = 0; i < k->gpl_licenses.n; i++)
		if (strcmp(license, k->gpl_licenses.s[i]) == 0)
			return 1;
	return 0;
}

const struct forced_taint *kernel_forced_taint(const struct kernel *k,
					       const char *name)
{
	size_t i;

	for (i = 0; i < k->n_forced; i++)
		if (k->forced[i].name && strcmp(k->forced[i].name, name) == 0)
			return &k->forced[i];
	return NULL;
}
