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

static size_t table_size(size_t n)
{
	size_t size = 16;

	while (size < n * 2)
		size *= 2;
	return size;
}

void peers_index(struct peers *ps)
{
	size_t i, j;

	ps->n_slots = table_size(ps->n_e);
	ps->slots = xcalloc(ps->n_slots, sizeof(*ps->slots));
	for (i = 0; i < ps->n_e; i++) {
		const char *s = ps->e[i].e->name;

		j = hash_str(s) & (ps->n_slots - 1);
		while (ps->slots[j] &&
		       strcmp(ps->e[ps->slots[j] - 1].e->name, s))
			j = (j + 1) & (ps->n_slots - 1);
		if (!ps->slots[j])	/* the first exporter wins */
			ps->slots[j] = i + 1;
	}
	ps->n_name_slots = table_size(ps->n);
	ps->name_slots = xcalloc(ps->n_name_slots, sizeof(*ps->name_slots));
	for (i = 0; i < ps->n; i++) {
		const char *s = ps->p[i].name;

		j = modname_hash(s, (size_t)-1) & (ps->n_name_slots - 1);
		while (ps->name_slots[j] &&
		       !modname_eq(s, (size_t)-1,
				   ps->p[ps->name_slots[j] - 1].name))
			j = (j + 1) & (ps->n_name_slots - 1);
		if (!ps->name_slots[j])
			ps->name_slots[j] = i + 1;
	}
}

const struct peer_export *peers_find(const struct peers *ps,
				     const char *symbol)
{
	size_t j, i;

	if (!ps || !ps->n_slots)
		return NULL;
	j = hash_str(symbol) & (ps->n_slots - 1);
	while ((i = ps->slots[j])) {
		if (strcmp(ps->e[i - 1].e->name, symbol) == 0)
			return &ps->e[i - 1];
		j = (j + 1) & (ps->n_slots - 1);
	}
	return NULL;
}

long peers_by_name(const struct peers *ps, const char *name, size_t len)
{
	size_t j, i;

	if (!ps || !ps->n_name_slots)
		return -1;
	j = modname_hash(name, len) & (ps->n_name_slots - 1);
	while ((i = ps->name_slots[j])) {
		if (modname_eq(name, len, ps->p[i - 1].name))
			return (long)(i - 1);
		j = (j + 1) & (ps->n_name_slots - 1);
	}
	return -1;
}

void peers_free(struct peers *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		free(ps->p[i].own_name);
	free(ps->p);
	free(ps->e);
	free(ps->slots);
	free(ps->name_slots);
	*ps = (struct peers){ 0 };
}
