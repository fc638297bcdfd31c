// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The modules of one run.  The kernel's Module.symvers knows only the
 * kernel's own modules; a vendor's modules that export to each other are
 * known from the .ko files given together.
 */

#include "peers.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* The module name of a file: its name up to ".ko". */
static const char *file_name(const char *path, size_t *len)
{
	const char *base = strrchr(path, '/'), *ko;

	base = base ? base + 1 : path;
	ko = strstr(base, ".ko");
	*len = ko ? (size_t)(ko - base) : strlen(base);
	return base;
}

size_t peers_add(struct peers *ps, const char *path, const struct elfmod *m)
{
	const char *name = elfmod_info(m, "name", 0);
	size_t i, len;

	char *own = NULL;

	ps->p = grow(ps->p, ps->n, &ps->cap, sizeof(*ps->p), 16);
	if (!name) {
		name = file_name(path, &len);
		own = xstrndup(name, len);
		name = own;
	}
	ps->p[ps->n] = (struct peer){
		.name = name, .own_name = own, .m = m,
	};
	for (i = 0; i < m->n_exports; i++) {
		ps->e = grow(ps->e, ps->n_e, &ps->cap_e, sizeof(*ps->e), 64);
		ps->e[ps->n_e++] = (struct peer_export){
			.e = &m->exports[i],
			.peer = ps->n,
		};
	}
	return ps->n++;
}

static const char *export_name(const void *e, size_t i)
{
	return ((const struct peer_export *)e)[i].e->name;
}

static const char *peer_name(const void *p, size_t i)
{
	return ((const struct peer *)p)[i].name;
}

void peers_index(struct peers *ps)
{
	map_init(&ps->by_symbol, MAP_SYMBOLS, ps->e, ps->n_e, export_name);
	map_init(&ps->by_name, MAP_MODULES, ps->p, ps->n, peer_name);
}

const struct peer_export *peers_find(const struct peers *ps,
				     const char *symbol)
{
	long i = ps ? map_find(&ps->by_symbol, symbol, (size_t)-1) : -1;

	return i < 0 ? NULL : &ps->e[i];
}

long peers_by_name(const struct peers *ps, const char *name, size_t len)
{
	return ps ? map_find(&ps->by_name, name, len) : -1;
}

void peers_free(struct peers *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		free(ps->p[i].own_name);
	free(ps->p);
	free(ps->e);
	map_free(&ps->by_symbol);
	map_free(&ps->by_name);
	*ps = (struct peers){ 0 };
}
