// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The 6.1 loader's rules (kernel/module/main.c), applied ahead of time:
 * the licence decides taint P and access to EXPORT_SYMBOL_GPL; a symbol
 * nobody exports, or one from a namespace the module does not import,
 * refuses the load; modinfo without "intree" taints O.  Also flags the
 * licence strings the kernel accepts although they deceive.
 */

#include "verdict.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *import_status_name(enum import_status s)
{
	switch (s) {
	case IMPORT_OK:
		return "ok";
	case IMPORT_WEAK_MISSING:
		return "weak, not exported";
	case IMPORT_GPL_ONLY:
		return "GPL-only";
	case IMPORT_UNKNOWN:
		return "unknown symbol";
	case IMPORT_NAMESPACE:
		return "namespace not imported";
	}
	return "?";
}

/* Taint letters in the kernel's bit order (kernel/panic.c). */
static const char taint_order[] = "PFSRMBUDAWCIOELKXTN";

static void add_taint(struct verdict *v, char letter)
{
	char taints[sizeof(v->taints)] = "";
	const char *p;
	size_t n = 0;

	for (p = taint_order; *p && n < sizeof(taints) - 1; p++)
		if (*p == letter || strchr(v->taints, *p))
			taints[n++] = *p;
	memcpy(v->taints, taints, sizeof(taints));
}

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
static void flag_license_tricks(const struct elfmod *m,
				const struct kernel *k, struct verdict *v)
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
	 * and some not: the loader reads the first, modpost all of them. */
	for (i = 1; i < n; i++) {
		const char *other = elfmod_info(m, "license", i);

		if (kernel_license_is_gpl(k, other) !=
		    kernel_license_is_gpl(k, v->license)) {
			strlist_addf(&v->flags,
				     "license= tags disagree: the loader reads only the first, \"%s\", and ignores \"%s\"",
				     v->license, other);
			break;
		}
	}
	if (n > 1 && i == n)
		strlist_addf(&v->notes,
			     "%zu license= tags, all as GPL-compatible as the first",
			     n);
	if (v->license && !kernel_license_is_gpl(k, v->license) &&
	    (close = near_miss(k, v->license)))
		strlist_addf(&v->flags,
			     "licence \"%s\" differs from the GPL-compatible \"%s\" only in case or spaces; the kernel treats it as proprietary",
			     v->license, close);
}

static int imports_namespace(const struct elfmod *m, const char *ns)
{
	size_t i, n = elfmod_info_count(m, "import_ns");

	for (i = 0; i < n; i++)
		if (strcmp(elfmod_info(m, "import_ns", i), ns) == 0)
			return 1;
	return 0;
}

/*
 * The imports in symbol-table order, as simplify_symbols() resolves them in
 * 6.1.  Using a proprietary module's symbol makes the module inherit taint
 * P, after which GPL-only symbols are refused to it; a module that has
 * already resolved a GPL-only symbol is refused the proprietary module's
 * symbol instead.  Which message the loader prints depends on that order.
 */
struct import_state {
	int proprietary;		/* not GPL-compatible, or inherited P */
	const char *gpl_only_seen;	/* first GPL-only symbol resolved */
	const char *inherited_from;	/* the proprietary module, if any */
};

static void check_peer_import(struct import_result *r, const struct peers *ps,
			      struct import_state *st, struct verdict *v)
{
	const struct peer *from = &ps->p[r->peer->peer];

	r->peer_name = from->name;
	if (r->peer->gpl_only && st->proprietary) {
		r->status = IMPORT_GPL_ONLY;
		strlist_addf(&v->reasons,
			     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in module %s)",
			     r->name, from->name);
		return;
	}
	if (r->peer->gpl_only)
		st->gpl_only_seen = r->name;
	r->status = IMPORT_OK;
	if (!from->gpl_compatible && !st->proprietary) {
		if (st->gpl_only_seen) {
			r->status = IMPORT_GPL_ONLY;
			strlist_addf(&v->reasons,
				     "module using GPL-only symbols (%s) uses symbol %s from proprietary module %s",
				     st->gpl_only_seen, r->name, from->name);
			return;
		}
		st->proprietary = 1;
		st->inherited_from = from->name;
		v->uses_proprietary_peer = from->name;
		strlist_addf(&v->notes,
			     "uses %s from proprietary module %s: inherits taint P, and GPL-only symbols after it are refused",
			     r->name, from->name);
	}
	if (from->shim && !v->gpl_compatible)
		strlist_addf(&v->flags,
			     "uses %s from %s, a GPL module that re-exports with EXPORT_SYMBOL what it gets from GPL-only symbols (%s): the kernel loads this, but it is the use EXPORT_SYMBOL_GPL is there to forbid",
			     r->name, from->name, from->gpl_only_used.s[0]);
}

static void check_imports(const struct elfmod *m, const struct kernel *k,
			  const struct peers *ps, struct verdict *v)
{
	struct import_state st = { .proprietary = !v->gpl_compatible };
	size_t i, plain_exports = 0;
	const char *some_gpl_only = NULL;

	v->imports = calloc(m->n_imports ? m->n_imports : 1,
			    sizeof(*v->imports));
	if (!v->imports)
		abort();
	v->n_imports = m->n_imports;
	for (i = 0; i < m->n_imports; i++) {
		struct import_result *r = &v->imports[i];
		const struct export *e = symvers_find(&k->symvers,
						      m->imports[i].name);

		r->name = m->imports[i].name;
		r->export = e;
		if (e && e->gpl_only)
			some_gpl_only = e->name;
		if (!e && (r->peer = peers_find(ps, r->name))) {
			check_peer_import(r, ps, &st, v);
		} else if (!e && m->imports[i].weak) {
			r->status = IMPORT_WEAK_MISSING;
		} else if (!e) {
			r->status = IMPORT_UNKNOWN;
			strlist_addf(&v->reasons,
				     "unknown symbol %s: this kernel does not export it",
				     r->name);
		} else if (e->gpl_only && st.proprietary) {
			r->status = IMPORT_GPL_ONLY;
			if (st.inherited_from)
				strlist_addf(&v->reasons,
					     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s), refused after inheriting taint P from %s",
					     r->name, e->owner, st.inherited_from);
			else
				strlist_addf(&v->reasons,
					     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s)",
					     r->name, e->owner);
		} else if (*e->ns && !imports_namespace(m, e->ns)) {
			r->status = IMPORT_NAMESPACE;
			strlist_addf(&v->reasons,
				     "uses symbol %s from namespace %s without MODULE_IMPORT_NS(%s)",
				     r->name, e->ns, e->ns);
		} else {
			r->status = IMPORT_OK;
			if (e->gpl_only && !st.gpl_only_seen)
				st.gpl_only_seen = e->name;
		}
	}
	for (i = 0; i < m->n_exports; i++)
		plain_exports += !m->exports[i].gpl_only;
	if (v->gpl_compatible && some_gpl_only && plain_exports)
		strlist_addf(&v->flags,
			     "exports %zu symbols to every module with EXPORT_SYMBOL while using GPL-only symbols (%s): if they pass that functionality on, this is a GPL shim, which the kernel cannot see",
			     plain_exports, some_gpl_only);
}

void verdict_compute(const struct elfmod *m, const struct kernel *k,
		     const struct peers *peers, struct verdict *v)
{
	const struct forced_taint *forced;
	const char *vermagic = elfmod_info(m, "vermagic", 0);

	*v = (struct verdict){ 0 };
	v->name = elfmod_info(m, "name", 0);
	v->license = elfmod_info(m, "license", 0);
	v->gpl_compatible = v->license && kernel_license_is_gpl(k, v->license);
	if (!v->license)
		strlist_addf(&v->notes,
			     "no MODULE_LICENSE: the kernel reads \"unspecified\", not GPL-compatible; modpost refuses to build it");
	if (!v->gpl_compatible) {
		add_taint(v, 'P');
		strlist_addf(&v->notes,
			     "licence \"%s\" is not in the kernel's GPL-compatible list (include/linux/license.h): taints P, no EXPORT_SYMBOL_GPL",
			     v->license ? v->license : "unspecified");
	}
	forced = v->name ? kernel_forced_taint(k, v->name) : NULL;
	if (forced) {
		add_taint(v, 'P');
		if (forced->loses_gpl)
			v->gpl_compatible = 0;
		strlist_addf(&v->notes,
			     "the loader taints a module named \"%s\" P by name (%s)%s",
			     v->name, k->forced_source,
			     forced->loses_gpl ? "; GPL-only exports are refused to it" :
						 "; it keeps GPL-only exports");
	}
	if (!elfmod_info(m, "intree", 0)) {
		add_taint(v, 'O');
		strlist_addf(&v->notes, "built out of tree (no intree tag): taints O");
	}
	if (elfmod_info(m, "staging", 0)) {
		add_taint(v, 'C');
		strlist_addf(&v->notes, "staging driver: taints C");
	}
	if (k->module_sig && !m->has_signature) {
		if (k->module_sig_force) {
			strlist_addf(&v->reasons,
				     "unsigned, and the kernel enforces module signatures");
		} else {
			add_taint(v, 'E');
			strlist_addf(&v->notes, "unsigned: taints E");
		}
	}
	if (k->release && vermagic &&
	    (strncmp(vermagic, k->release, strlen(k->release)) != 0 ||
	     (vermagic[strlen(k->release)] != ' ' &&
	      vermagic[strlen(k->release)] != '\0')))
		strlist_addf(&v->reasons,
			     "built for %.*s, the kernel is %s (vermagic)",
			     (int)strcspn(vermagic, " "), vermagic, k->release);
	flag_license_tricks(m, k, v);
	check_imports(m, k, peers, v);
	if (v->uses_proprietary_peer && v->gpl_compatible)
		add_taint(v, 'P');
	v->refused = v->reasons.n > 0;
}

void verdict_free(struct verdict *v)
{
	free(v->imports);
	strlist_free(&v->reasons);
	strlist_free(&v->notes);
	strlist_free(&v->flags);
	*v = (struct verdict){ 0 };
}
