// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * What the loader answers a module that runs: __symbol_get()
 * (kernel/module/main.c), for each name the module passes to symbol_get().
 * It finds the symbol as resolve_symbol() does, among the kernel's exports
 * and then the modules', and, since "modules: only allow symbol_get of
 * EXPORT_SYMBOL_GPL modules" (6.6, 6.1.52), answers NULL for one not
 * exported GPL-only, whatever the caller's licence, saying so.
 */

#include "stage.h"
#include "util.h"

const char *symbol_get_answer_name(enum symbol_get_answer a)
{
	switch (a) {
	case SYMBOL_GET_ADDRESS:
		return "address";
	case SYMBOL_GET_NULL:
		return "NULL";
	case SYMBOL_GET_NOT_EXPORTED:
		return "NULL, not exported";
	case SYMBOL_GET_NOT_KNOWN:
		return "not known";
	}
	return "?";
}

static void answer(const struct kernel *k, struct symbol_get_result *r,
		   struct verdict *v)
{
	if (!r->type) {
		r->answer = SYMBOL_GET_NOT_EXPORTED;
		strlist_addf(&v->notes,
			     "symbol_get(%s) answers NULL unless a module that exports %s is loaded first: neither this kernel nor the modules given export it",
			     r->name, r->name);
	} else if (strcmp(r->type, "EXPORT_SYMBOL_GPL") == 0 ||
		   k->symbol_get_gpl_only == 0) {
		r->answer = SYMBOL_GET_ADDRESS;
		/* find_symbol() sees loaded modules only. */
		if (strcmp(r->from, "vmlinux") != 0)
			strlist_addf(&v->notes,
				     "symbol_get(%s) answers its address only while the module that exports it (%s) is loaded: symbol_get() loads nothing, symbol_request() asks modprobe first",
				     r->name, r->from);
	} else if (k->symbol_get_gpl_only > 0) {
		r->answer = SYMBOL_GET_NULL;
		/* __symbol_get()'s pr_warn(). */
		r->message = xasprintf("failing symbol_get of non-GPLONLY symbol %s.",
				       r->name);
		strlist_addf(&v->notes,
			     "symbol_get(%s) answers NULL: %s is %s in %s, and this kernel's __symbol_get() takes GPL-only exports alone, whatever the caller's licence (%s)",
			     r->name, r->name, r->type, r->from,
			     k->symbol_get_source);
	} else {
		r->answer = SYMBOL_GET_NOT_KNOWN;
		strlist_addf(&v->notes,
			     "symbol_get(%s) answers NULL on kernels that take GPL-only exports alone (6.6, 6.1.52, and stable updates of other lines): %s is %s in %s, and whether this kernel does is %s",
			     r->name, r->name, r->type, r->from,
			     k->symbol_get_source);
	}
}

void verdict_symbol_gets(const struct elfmod *m, const struct kernel *k,
			 const struct peers *ps, struct verdict *v)
{
	size_t i;

	v->n_symbol_gets = m->n_symbol_gets;
	v->symbol_gets = xcalloc(m->n_symbol_gets ? m->n_symbol_gets : 1,
				 sizeof(*v->symbol_gets));
	for (i = 0; i < m->n_symbol_gets; i++) {
		struct symbol_get_result *r = &v->symbol_gets[i];
		const struct export *e = symvers_find(&k->symvers,
						      m->symbol_gets[i]);
		const struct peer_export *pe = e ? NULL :
			peers_find(ps, m->symbol_gets[i]);

		r->name = m->symbol_gets[i];
		if (e) {
			r->type = e->type;
			r->from = e->owner;
		} else if (pe) {
			r->type = pe->e->gpl_only ? "EXPORT_SYMBOL_GPL" :
						    "EXPORT_SYMBOL";
			r->from = ps->p[pe->peer].name;
		}
		answer(k, r, v);
	}
	if (m->symbol_gets_unread)
		strlist_addf(&v->notes,
			     "calls symbol_get() %zu time(s) with a name export-check could not read (not a string constant loaded into %%rdi just before the call): it cannot say what those calls are answered",
			     m->symbol_gets_unread);
}
