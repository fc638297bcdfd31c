/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The modules of one run, checked together as one package: what each
 * exports, found by symbol, and each module found by name, so that a
 * module's imports from the others can be judged as the loader would once
 * they are loaded in order.
 */
#ifndef EXPORT_CHECK_PEERS_H
#define EXPORT_CHECK_PEERS_H

#include <stddef.h>

#include "elfmod.h"
#include "map.h"

struct verdict;

struct peer {
	const char *name;		/* modinfo name=, else the file's */
	char *own_name;			/* the file's, if it is that */
	const struct elfmod *m;
	const struct verdict *v;	/* its verdict, once judged */
};

struct peer_export {
	const struct module_export *e;
	size_t peer;			/* index into p */
};

struct peers {
	struct peer *p;
	size_t n, cap;
	struct peer_export *e;
	size_t n_e, cap_e;
	struct map by_symbol;		/* into e */
	struct map by_name;		/* into p */
};

/*
 * Add the module M read from PATH (both must outlive PS).  Returns its
 * index.  Call peers_index() once all are added, before any lookup.
 */
size_t peers_add(struct peers *ps, const char *path, const struct elfmod *m);
void peers_index(struct peers *ps);
/* The run's export of SYMBOL (the first module's, if several), or NULL. */
const struct peer_export *peers_find(const struct peers *ps,
				     const char *symbol);
/*
 * The index of the module called NAME (its first LEN bytes, - and _
 * alike), or -1.  PS may be NULL.
 */
long peers_by_name(const struct peers *ps, const char *name, size_t len);
void peers_free(struct peers *ps);

#endif
