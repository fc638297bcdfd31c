/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The other modules of one run: what each exports, under which licence,
 * and whether it looks like a GPL shim, so that a module's imports from
 * them can be judged as the loader would.
 */
#ifndef EXPORT_CHECK_PEERS_H
#define EXPORT_CHECK_PEERS_H

#include <stddef.h>

#include "elfmod.h"
#include "kernel.h"
#include "strlist.h"

struct peer {
	char *name;		/* modinfo name= */
	int gpl_compatible;	/* by the kernel's rules, forced taints included */
	int shim;		/* GPL, uses GPL-only symbols, exports plain ones */
	struct strlist gpl_only_used;
};

struct peer_export {
	char *symbol;
	size_t peer;		/* index into peers */
	int gpl_only;
};

struct peers {
	struct peer *p;
	size_t n;
	struct peer_export *e;
	size_t n_e;
};

/* Record module M (its name, licence, exports) as a peer of the run. */
void peers_add(struct peers *ps, const struct elfmod *m,
	       const struct kernel *k);
const struct peer_export *peers_find(const struct peers *ps,
				     const char *symbol);
void peers_free(struct peers *ps);

/* The GPL-only imports of M in kernel K, and whether M is GPL-compatible. */
int module_gpl_compatible(const struct elfmod *m, const struct kernel *k);

#endif
