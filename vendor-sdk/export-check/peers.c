// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The other modules of one run.  The kernel's Module.symvers knows only
 * the kernel's own modules; a vendor's modules that export to each other
 * are known from the .ko files given together.
 */

#include "peers.h"

#include <stdlib.h>
#include <string.h>

int module_gpl_compatible(const struct elfmod *m, const struct kernel *k)
{
	const char *license = elfmod_info(m, "license", 0);
	const char *name = elfmod_info(m, "name", 0);
	const struct forced_taint *f = name ? kernel_forced_taint(k, name) : NULL;

	return license && kernel_license_is_gpl(k, license) &&
	       !(f && f->loses_gpl);
}

void peers_add(struct peers *ps, const struct elfmod *m,
	       const struct kernel *k)
{
	struct peer *more;
	struct peer *p;
	const char *name = elfmod_info(m, "name", 0);
	size_t i, plain = 0;

	more = realloc(ps->p, (ps->n + 1) * sizeof(*more));
	if (!more)
		abort();
	ps->p = more;
	p = &ps->p[ps->n];
	*p = (struct peer){
		.name = strdup(name ? name : "?"),
		.gpl_compatible = module_gpl_compatible(m, k),
	};
	for (i = 0; i < m->n_imports; i++) {
		const struct export *e = symvers_find(&k->symvers,
						      m->imports[i].name);

		if (e && e->gpl_only)
			strlist_addf(&p->gpl_only_used, "%s", e->name);
	}
	for (i = 0; i < m->n_exports; i++) {
		struct peer_export *e;

		e = realloc(ps->e, (ps->n_e + 1) * sizeof(*e));
		if (!e)
			abort();
		ps->e = e;
		ps->e[ps->n_e++] = (struct peer_export){
			.symbol = strdup(m->exports[i].name),
			.peer = ps->n,
			.gpl_only = m->exports[i].gpl_only,
		};
		plain += !m->exports[i].gpl_only;
	}
	p->shim = p->gpl_compatible && plain && p->gpl_only_used.n;
	ps->n++;
}

const struct peer_export *peers_find(const struct peers *ps,
				     const char *symbol)
{
	size_t i;

	for (i = 0; ps && i < ps->n_e; i++)
		if (strcmp(ps->e[i].symbol, symbol) == 0)
			return &ps->e[i];
	return NULL;
}

void peers_free(struct peers *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		free(ps->p[i].name);
		strlist_free(&ps->p[i].gpl_only_used);
	}
	for (i = 0; i < ps->n_e; i++)
		free(ps->e[i].symbol);
	free(ps->p);
	free(ps->e);
	*ps = (struct peers){ 0 };
}
