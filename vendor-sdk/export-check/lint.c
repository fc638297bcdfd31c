// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What the kernel lets pass although it deceives: licence strings it
 * reads otherwise than they seem, and GPL shims, GPL modules that hand
 * GPL-only exports on to modules of any licence.
 */

#include "stage.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* LICENSE equal to a GPL-compatible string but for case and spaces? */
static const char *near_miss(const struct kernel *k, const char *license)
{
	size_t i;

	for (i = 0; i < k->gpl_licenses.n; i++) {
		const char *a = license, *b = k->gpl_licenses.s[i];

		for (;;) {
			while (*a == ' ' || *a == '\t')
				a++;
			while (*b == ' ')
				b++;
			if (!*a || !*b || tolower((unsigned char)*a) !=
					  tolower((unsigned char)*b))
				break;
			a++;
			b++;
		}
		if (!*a && !*b)
			return k->gpl_licenses.s[i];
	}
	return NULL;
}

/* modinfo strings with no '=' right after license=: "GPL\0trailer". */
void lint_licence(const struct elfmod *m, const struct kernel *k,
		  struct verdict *v)
{
	size_t i, n = elfmod_info_count(m, "license");
	const char *close;

	for (i = 0; i + 1 < m->n_info; i++) {
		const struct modinfo_entry *e = &m->info[i];

		if (e->value && e->key_len == 7 &&
		    memcmp(e->text, "license", 7) == 0 && !m->info[i + 1].value)
			strlist_addf(&v->flags,
				     "licence string has an embedded NUL: the kernel reads \"%s\", the source says \"%s\\0%s\"",
				     e->value, e->value, m->info[i + 1].text);
	}
	/* Harmless while they agree; a trick when some are GPL-compatible
	 * and some not: the loader reads the first, modpost all of them.
	 */
	for (i = 1; i < n; i++) {
		const char *other = elfmod_info(m, "license", i);

		if (kernel_license_is_gpl(k, other) != v->lic.listed) {
			strlist_addf(&v->flags,
				     "license= tags disagree: the loader reads only the first, \"%s\", and ignores \"%s\"",
				     v->lic.license, other);
			break;
		}
	}
	if (n > 1 && i == n)
		strlist_addf(&v->notes,
			     "%zu license= tags, all as GPL-compatible as the first",
			     n);
	close = v->lic.license && !v->lic.listed ?
		near_miss(k, v->lic.license) : NULL;
	if (close)
		strlist_addf(&v->flags,
			     "licence \"%s\" differs from the GPL-compatible \"%s\" only in case or spaces; the kernel treats it as proprietary",
			     v->lic.license, close);
}

const char *verdict_wrapped_gpl_only(const struct module_export *e,
				     const struct kernel *k,
				     const struct peers *peers)
{
	const char *wrapped = NULL;
	size_t i;

	if (e->gpl_only || !e->is_function || e->own_refs)
		return NULL;
	for (i = 0; i < e->n_calls && !wrapped; i++) {
		const struct export *ke = symvers_find(&k->symvers, e->calls[i]);
		const struct peer_export *pe = ke ? NULL :
					       peers_find(peers, e->calls[i]);

		if ((ke && ke->gpl_only) || (pe && pe->e->gpl_only))
			wrapped = e->calls[i];
	}
	return wrapped;
}

/*
 * Who can be a GPL shim: a GPL-compatible module built out of tree.  An
 * in-tree module's export types are the kernel's own API, chosen upstream
 * (Debian's drm, usbcore or libphy export thin wrappers of GPL-only
 * functions with plain EXPORT_SYMBOL, as their maintainers decided); only
 * a module outside the kernel decides on its own to hand GPL-only
 * functionality to every module.
 */
static int may_be_shim(const struct elfmod *m, int gpl_compatible)
{
	return gpl_compatible && !elfmod_info(m, "intree", 0);
}

/* A GPL module exporting, to every module, wrappers of GPL-only exports. */
static void flag_shim(const struct elfmod *m, const struct kernel *k,
		      const struct peers *ps, struct verdict *v)
{
	struct strlist pairs = { 0 };
	const char *w;
	char *list;
	size_t i;

	if (!may_be_shim(m, v->lic.gpl_compatible))
		return;
	for (i = 0; i < m->n_exports; i++) {
		w = verdict_wrapped_gpl_only(&m->exports[i], k, ps);
		if (w)
			strlist_addf(&pairs, "%s -> %s", m->exports[i].name, w);
	}
	if (!pairs.n)
		return;
	list = strlist_some(pairs.s, pairs.n);
	strlist_addf(&v->flags,
		     "a GPL shim: built out of tree, it exports with EXPORT_SYMBOL %zu function%s that do%s nothing of %s own but call GPL-only symbols (%s), so modules of any licence reach what EXPORT_SYMBOL_GPL reserves; the kernel cannot see this",
		     pairs.n, pairs.n == 1 ? "" : "s", pairs.n == 1 ? "es" : "",
		     pairs.n == 1 ? "its" : "their", list);
	free(list);
	strlist_free(&pairs);
}

/* A module that is not GPL-compatible, using a shim's wrapper. */
static void flag_shim_use(const struct kernel *k, const struct peers *ps,
			  struct verdict *v)
{
	size_t i;

	if (v->lic.gpl_compatible)
		return;
	for (i = 0; i < v->n_imports; i++) {
		const struct peer_export *pe = peers_find(ps, v->imports[i].name);
		const struct peer *from = pe ? &ps->p[pe->peer] : NULL;
		const char *w = pe ? verdict_wrapped_gpl_only(pe->e, k, ps) : NULL;

		if (w && may_be_shim(from->m, from->v ? from->v->lic.gpl_compatible :
					 verdict_gpl_compatible(from->m, k)))
			strlist_addf(&v->flags,
				     "uses %s from %s, a GPL module that re-exports with EXPORT_SYMBOL a wrapper of the GPL-only %s: the kernel loads this, but it is the use EXPORT_SYMBOL_GPL is there to forbid",
				     v->imports[i].name, from->name, w);
	}
}

void lint_shims(const struct elfmod *m, const struct kernel *k,
		const struct peers *ps, struct verdict *v)
{
	flag_shim(m, k, ps, v);
	flag_shim_use(k, ps, v);
}
