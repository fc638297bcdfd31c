// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The target kernel, read from its build tree.  The licence list comes
 * from the tree's own include/linux/license.h, never from a copy kept here,
 * so it cannot drift from the kernel being checked.
 */

#include "kernel.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Used only when the tree has no kernel/module/main.c (e.g. headers only). */
static const struct forced_taint builtin_forced_6_1[] = {
	{ "ndiswrapper", 0 },
	{ "driverloader", 1 },
	{ "lve", 1 },
};

/* Read a whole text file into a NUL-terminated buffer, or NULL. */
static char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
			buf[n] = '\0';
			if (size)
				*size = (size_t)n;
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

static char *path_join(const char *dir, const char *rel)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, rel) < 0)
		return NULL;
	return p;
}

/* The first of DIR/REL and DIR/source/REL that exists, or NULL. */
static char *find_in_tree(const char *dir, const char *rel)
{
	char *p = path_join(dir, rel), *q;

	if (p && access(p, R_OK) == 0)
		return p;
	free(p);
	if (asprintf(&q, "%s/source/%s", dir, rel) < 0)
		return NULL;
	if (access(q, R_OK) == 0)
		return q;
	free(q);
	return NULL;
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
	char *text = slurp(path, NULL);
	int r;

	if (!text)
		return fail(err, errlen, "%s: cannot read: %s", path,
			    strerror(errno));
	r = kernel_parse_license_h(text, &k->gpl_licenses);
	free(text);
	if (r)
		return fail(err, errlen,
			    "%s: no license_is_gpl_compatible() list found", path);
	k->license_h_path = strdup(path);
	return 0;
}

/* The loader's name-based taints, from kernel/module/main.c. */
static void load_forced_taints(struct kernel *k, const char *dir)
{
	static const char needle[] = "strcmp(mod->name, \"";
	char *path = dir ? find_in_tree(dir, "kernel/module/main.c") : NULL;
	char *text = path ? slurp(path, NULL) : NULL;
	const char *p = text, *q, *call;
	struct forced_taint *more;
	size_t cap = 0;

	while (p && (p = strstr(p, needle))) {
		p += sizeof(needle) - 1;
		q = strchr(p, '"');
		call = q ? strstr(q, "add_taint") : NULL;
		if (!call)
			break;
		more = grow(k->forced, k->n_forced, &cap, sizeof(*more), 4);
		if (!more)
			break;
		k->forced = more;
		k->forced[k->n_forced++] = (struct forced_taint){
			.name = strndup(p, (size_t)(q - p)),
			.loses_gpl = strncmp(call, "add_taint_module(", 17) == 0,
		};
		p = q;
	}
	free(text);
	if (k->n_forced) {
		k->forced_source = "kernel/module/main.c";
	} else {
		size_t i, n = sizeof(builtin_forced_6_1) /
			      sizeof(builtin_forced_6_1[0]);

		free(k->forced);
		k->forced = calloc(n, sizeof(*k->forced));
		for (i = 0; k->forced && i < n; i++)
			k->forced[i] = (struct forced_taint){
				strdup(builtin_forced_6_1[i].name),
				builtin_forced_6_1[i].loses_gpl,
			};
		k->n_forced = k->forced ? n : 0;
		k->forced_source = "built-in 6.1 list";
	}
	free(path);
}

static void load_config(struct kernel *k, const char *dir)
{
	char *path = path_join(dir, ".config");
	char *text = path ? slurp(path, NULL) : NULL;

	if (text) {
		k->module_sig = strstr(text, "\nCONFIG_MODULE_SIG=y\n") != NULL;
		k->module_sig_force =
			strstr(text, "\nCONFIG_MODULE_SIG_FORCE=y\n") != NULL;
	}
	free(text);
	free(path);
	/* UTS_RELEASE is what goes into vermagic; kernel.release can differ
	 * (Debian's headers give the upstream version there). */
	path = path_join(dir, "include/generated/utsrelease.h");
	text = path ? slurp(path, NULL) : NULL;
	free(path);
	if (text) {
		char *q = strstr(text, "UTS_RELEASE \"");

		if (q) {
			q += strlen("UTS_RELEASE \"");
			k->release = strndup(q, strcspn(q, "\""));
		}
		free(text);
		if (k->release)
			return;
	}
	path = path_join(dir, "include/config/kernel.release");
	text = path ? slurp(path, NULL) : NULL;
	if (text) {
		text[strcspn(text, "\n")] = '\0';
		k->release = text;
	}
	free(path);
}

int kernel_load(struct kernel *k, const char *dir, const char *symvers,
		const char *license_h, char *err, size_t errlen)
{
	char sverr[256];
	char *lic = NULL;

	*k = (struct kernel){ 0 };
	if (dir) {
		k->symvers_path = path_join(dir, "Module.symvers");
		lic = license_h ? strdup(license_h) :
				  find_in_tree(dir, "include/linux/license.h");
		if (!lic) {
			kernel_free(k);
			return fail(err, errlen,
				    "%s: no include/linux/license.h in this tree; name it with --license-h",
				    dir);
		}
		load_config(k, dir);
	} else {
		k->symvers_path = strdup(symvers);
		if (!license_h) {
			kernel_free(k);
			return fail(err, errlen,
				    "%s: with --symvers, name the tree's include/linux/license.h with --license-h",
				    symvers);
		}
		lic = strdup(license_h);
	}
	if (symvers_load(k->symvers_path, &k->symvers, sverr, sizeof(sverr))) {
		fail(err, errlen, "%s: %s", k->symvers_path, sverr);
		free(lic);
		kernel_free(k);
		return -1;
	}
	if (kernel_load_license_h(k, lic, err, errlen)) {
		free(lic);
		kernel_free(k);
		return -1;
	}
	free(lic);
	load_forced_taints(k, dir);
	return 0;
}

void kernel_free(struct kernel *k)
{
	size_t i;

	symvers_free(&k->symvers);
	free(k->symvers_path);
	strlist_free(&k->gpl_licenses);
	free(k->license_h_path);
	free(k->release);
	for (i = 0; i < k->n_forced; i++)
		free(k->forced[i].name);
	free(k->forced);
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
