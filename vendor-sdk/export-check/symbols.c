// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * simplify_symbols() and resolve_symbol() (kernel/module/main.c): each
 * undefined symbol found, or not, among the kernel's exports and those of
 * the modules given with it; the licence decides access to
 * EXPORT_SYMBOL_GPL, a proprietary exporter passes its taint on, then
 * check_version() and the namespace.
 */

#include "stage.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int imports_namespace(const struct elfmod *m, const char *ns)
{
	size_t i, n = elfmod_info_count(m, "import_ns");

	for (i = 0; i < n; i++)
		if (strcmp(elfmod_info(m, "import_ns", i), ns) == 0)
			return 1;
	return 0;
}

/*
 * The state simplify_symbols() carries from one symbol to the next, in
 * symbol-table order.  Using a proprietary module's symbol makes the
 * module inherit taint P, after which GPL-only symbols are refused to it;
 * a module that has already resolved a GPL-only symbol is refused the
 * proprietary module's symbol instead.
 */
struct import_state {
	int proprietary;		/* the module's taint P so far */
	const char *gpl_only_seen;	/* first GPL-only symbol resolved */
	const char *inherited_from;	/* the proprietary module, if any */
	struct strlist unknown;		/* not exported by anyone */
};

/* The run module that provides what the kernel's Module.symvers lists. */
static long owner_peer(const struct peers *ps, const struct export *e)
{
	if (strcmp(e->owner, "vmlinux") == 0)
		return -1;
	return peers_by_name(ps, symvers_owner_module(e->owner), (size_t)-1);
}

/* What the loader says when a symbol does not resolve. */
static void unknown_message(struct verdict *v, const char *name, int err)
{
	strlist_addf(&v->messages, "%s: Unknown symbol %s (err %d)",
		     mod_name(v), name, err);
}

/* check_version(): the CRC the module was built against. */
static int check_crc(const struct elfmod *m, const struct kernel *k,
		     struct import_result *r, uint32_t crc, struct verdict *v)
{
	const struct module_version *mv;

	if (!m->has_versions) {
		if (!k->config.known || verdict_force_load(v, k, r->name))
			return 1;
		r->status = IMPORT_NO_VERSION;
		strlist_addf(&v->reasons,
			     "no symbol versions (no __versions) for %s, and the kernel cannot force that",
			     r->name);
		return 0;
	}
	mv = elfmod_version(m, r->name);
	if (!mv) {
		r->status = IMPORT_NO_VERSION;
		strlist_addf(&v->reasons,
			     "no symbol version for %s in __versions: rebuild against this kernel",
			     r->name);
		strlist_addf(&v->messages, "%s: no symbol version for %s",
			     mod_name(v), r->name);
		return 0;
	}
	if (mv->crc == crc)
		return 1;
	r->status = IMPORT_CRC_MISMATCH;
	strlist_addf(&v->reasons,
		     "built against another version of %s: its CRC is 0x%08" PRIx64
		     " in the module, 0x%08" PRIx32 " in this kernel: rebuild against this one",
		     r->name, mv->crc, crc);
	strlist_addf(&v->messages, "%s: disagrees about version of symbol %s",
		     mod_name(v), r->name);
	return 0;
}

/* verify_namespace_is_imported(). */
static void check_namespace(const struct elfmod *m, const struct kernel *k,
			    struct import_result *r, const char *ns,
			    struct verdict *v)
{
	if (!*ns || imports_namespace(m, ns))
		return;
	strlist_addf(&v->messages,
		     "%s: module uses symbol (%s) from namespace %s, but does not import it.",
		     mod_name(v), r->name, ns);
	if (k->config.missing_ns_ok) {
		strlist_addf(&v->notes,
			     "uses symbol %s from namespace %s without MODULE_IMPORT_NS(%s); this kernel allows that (CONFIG_MODULE_ALLOW_MISSING_NAMESPACE_IMPORTS)",
			     r->name, ns, ns);
		return;
	}
	r->status = IMPORT_NAMESPACE;
	strlist_addf(&v->reasons,
		     "uses symbol %s from namespace %s without MODULE_IMPORT_NS(%s)",
		     r->name, ns, ns);
	unknown_message(v, r->name, -22);
}

/* inherit_taint(): using a proprietary module's symbol. */
static int inherit(const struct peer *from, struct import_result *r,
		   struct import_state *st, struct verdict *v)
{
	if (st->gpl_only_seen) {
		r->status = IMPORT_GPL_ONLY;
		strlist_addf(&v->reasons,
			     "module using GPL-only symbols (%s) uses symbol %s from proprietary module %s",
			     st->gpl_only_seen, r->name, from->name);
		strlist_addf(&v->messages,
			     "%s: module using GPL-only symbols uses symbols %s from proprietary module %s.",
			     mod_name(v), r->name, from->name);
		return 0;
	}
	if (!st->proprietary) {
		st->proprietary = 1;
		st->inherited_from = from->name;
		taint(v, 'P', 1, 0);	/* set_bit() on the module only */
		strlist_addf(&v->notes,
			     "uses %s from proprietary module %s: inherits taint P, and GPL-only symbols after it are refused",
			     r->name, from->name);
		strlist_addf(&v->messages,
			     "%s: module uses symbols %s from proprietary module %s, inheriting taint.",
			     mod_name(v), r->name, from->name);
	}
	return 1;
}

/*
 * A GPL-only export (in WHERE) and a module that is not GPL-compatible: the
 * loader does not find the symbol; a weak import is left unresolved.
 */
static void refuse_gpl_only(struct import_result *r, int weak,
			    const char *where, const struct import_state *st,
			    struct verdict *v)
{
	r->status = weak ? IMPORT_WEAK_MISSING : IMPORT_GPL_ONLY;
	if (weak)
		return;
	if (st->inherited_from)
		strlist_addf(&v->reasons,
			     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s), refused after inheriting taint P from %s",
			     r->name, where, st->inherited_from);
	else
		strlist_addf(&v->reasons,
			     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s)",
			     r->name, where);
	unknown_message(v, r->name, -2);
}

/* Who exports a symbol a module imports, as resolve_symbol() finds it. */
struct provider {
	const char *where;		/* for a refusal: "vmlinux", "module X"... */
	const struct peer *peer;	/* the exporting module, if given too */
	int run_export;			/* found among the given modules' exports */
	int proprietary;		/* the exporter has taint P */
	int gpl_only;
	int has_crc;			/* CRCs are checked against this one */
	uint32_t crc;
	const char *ns;
};

/*
 * resolve_symbol(): a refused provider leaves the symbol unknown; a
 * GPL-only one is refused to a module with taint P; a proprietary one
 * passes its taint on (inherit_taint()); then check_version() and the
 * namespace.
 */
static void resolve(const struct elfmod *m, const struct kernel *k,
		    const struct provider *p, struct import_result *r,
		    int weak, struct import_state *st, struct verdict *v)
{
	if (p->run_export)
		r->peer_name = p->peer->name;
	if (p->peer && p->peer->v && p->peer->v->refused) {
		r->status = IMPORT_PROVIDER_REFUSED;
		r->peer_name = p->peer->name;
		unknown_message(v, r->name, -2);
		return;
	}
	if (p->gpl_only && st->proprietary) {
		refuse_gpl_only(r, weak, p->where, st, v);
		return;
	}
	if (p->gpl_only && !st->gpl_only_seen)
		st->gpl_only_seen = r->name;
	r->status = IMPORT_OK;
	if (p->proprietary && !inherit(p->peer, r, st, v)) {
		unknown_message(v, r->name, -2);
		return;
	}
	/* An exporter without CRCs passes check_version() unchecked. */
	if (k->modversions && p->has_crc && !check_crc(m, k, r, p->crc, v)) {
		unknown_message(v, r->name, -22);
		return;
	}
	check_namespace(m, k, r, p->ns, v);
}

/* An export of the kernel's Module.symvers; its module may be given too. */
static void resolve_kernel(const struct elfmod *m, const struct kernel *k,
			   const struct peers *ps, struct import_result *r,
			   int weak, struct import_state *st, struct verdict *v)
{
	const struct export *e = r->export;
	long owner = owner_peer(ps, e);
	const struct provider p = {
		.where = e->owner,
		.peer = owner >= 0 ? &ps->p[owner] : NULL,
		.gpl_only = e->gpl_only,
		.has_crc = 1,
		.crc = e->crc,
		.ns = e->ns,
	};

	resolve(m, k, &p, r, weak, st, v);
}

/* An export of a module given too. */
static void resolve_peer(const struct elfmod *m, const struct kernel *k,
			 const struct peers *ps, struct import_result *r,
			 int weak, struct import_state *st, struct verdict *v)
{
	const struct peer *from = &ps->p[r->peer->peer];
	const struct module_export *e = r->peer->e;
	char *where = xasprintf("module %s", from->name);
	const struct provider p = {
		.where = where,
		.peer = from,
		.run_export = 1,
		.proprietary = from->v ? from->v->proprietary :
					 !verdict_gpl_compatible(from->m, k),
		.gpl_only = e->gpl_only,
		.has_crc = e->has_crc,
		.crc = e->crc,
		.ns = e->ns,
	};

	resolve(m, k, &p, r, weak, st, v);
	free(where);
}

/*
 * Symbols nobody exports.  If depends= names a module that is neither
 * given nor the kernel's, they are most likely its: say that once,
 * rather than once per symbol.
 */
static void report_unknown(const struct elfmod *m, const struct kernel *k,
			   const struct peers *ps, struct import_state *st,
			   struct verdict *v)
{
	struct strlist missing = { 0 };
	char *names, *mods;
	size_t i;

	if (!st->unknown.n)
		return;
	for (i = 0; i < m->n_depends; i++)
		if (peers_by_name(ps, m->depends[i], (size_t)-1) < 0 &&
		    !symvers_has_module(&k->symvers, m->depends[i], (size_t)-1))
			strlist_addf(&missing, "%s", m->depends[i]);
	if (!missing.n) {
		for (i = 0; i < st->unknown.n; i++)
			strlist_addf(&v->reasons,
				     "unknown symbol %s: this kernel does not export it",
				     st->unknown.s[i]);
		return;
	}
	names = strlist_some(st->unknown.s, st->unknown.n);
	mods = strlist_some(missing.s, missing.n);
	strlist_addf(&v->reasons,
		     "%zu unknown symbol%s (%s): it depends on %s (depends=), which is neither given nor a module of this kernel: check it together with %s",
		     st->unknown.n, st->unknown.n == 1 ? "" : "s", names, mods,
		     missing.n == 1 ? "that module's .ko" : "those modules' .ko files");
	free(names);
	free(mods);
	strlist_free(&missing);
}

/* Dependencies that are refused: the module cannot load after them. */
static void report_refused_providers(const struct elfmod *m,
				     const struct peers *ps,
				     struct verdict *v)
{
	struct strlist done = { 0 }, syms = { 0 };
	const struct import_result *r = v->imports;
	size_t i, j;
	char *names;

	for (i = 0; i < v->n_imports; i++) {
		if (r[i].status != IMPORT_PROVIDER_REFUSED ||
		    strlist_has(&done, r[i].peer_name))
			continue;
		for (j = i; j < v->n_imports; j++)
			if (r[j].status == IMPORT_PROVIDER_REFUSED &&
			    strcmp(r[j].peer_name, r[i].peer_name) == 0)
				strlist_addf(&syms, "%s", r[j].name);
		names = strlist_some(syms.s, syms.n);
		strlist_addf(&v->reasons,
			     "needs module %s, which is refused: its symbols %s are unknown without it",
			     r[i].peer_name, names);
		strlist_addf(&done, "%s", r[i].peer_name);
		free(names);
		strlist_free(&syms);
	}
	for (i = 0; i < m->n_depends; i++) {
		long d = peers_by_name(ps, m->depends[i], (size_t)-1);

		if (d >= 0 && ps->p[d].v && ps->p[d].v->refused &&
		    !strlist_has(&done, ps->p[d].name)) {
			strlist_addf(&v->reasons,
				     "needs module %s (depends=), which is refused",
				     ps->p[d].name);
			strlist_addf(&done, "%s", ps->p[d].name);
		}
	}
	if (done.n)
		refuse(v, STAGE_SYMBOLS);
	strlist_free(&done);
}

void verdict_symbols(const struct elfmod *m, const struct kernel *k,
		     const struct peers *ps, struct verdict *v)
{
	struct import_state st = { .proprietary = v->proprietary };
	size_t i, reasons = v->reasons.n;

	for (i = 0; i < m->n_imports; i++) {
		struct import_result *r = &v->imports[i];
		int weak = m->imports[i].weak;

		r->export = symvers_find(&k->symvers, r->name);
		if (r->export) {
			resolve_kernel(m, k, ps, r, weak, &st, v);
			continue;
		}
		r->peer = peers_find(ps, r->name);
		if (r->peer) {
			resolve_peer(m, k, ps, r, weak, &st, v);
		} else if (weak) {
			r->status = IMPORT_WEAK_MISSING;
		} else {
			r->status = IMPORT_UNKNOWN;
			strlist_addf(&st.unknown, "%s", r->name);
			unknown_message(v, r->name, -2);
		}
	}
	report_unknown(m, k, ps, &st, v);
	report_refused_providers(m, ps, v);
	if (v->reasons.n > reasons)
		refuse(v, STAGE_SYMBOLS);
	v->proprietary = st.proprietary;
	strlist_free(&st.unknown);
}
