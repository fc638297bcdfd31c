/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The 6.1 loader's rules applied to one module and one kernel. */
#ifndef EXPORT_CHECK_VERDICT_H
#define EXPORT_CHECK_VERDICT_H

#include "elfmod.h"
#include "kernel.h"
#include "peers.h"
#include "strlist.h"

enum import_status {
	IMPORT_OK,		/* resolves */
	IMPORT_WEAK_MISSING,	/* weak and not exported: resolves to 0 */
	IMPORT_GPL_ONLY,	/* GPL-only, and the module may not have it */
	IMPORT_UNKNOWN,		/* not exported by this kernel */
	IMPORT_NAMESPACE,	/* in a namespace the module does not import */
};

struct import_result {
	const char *name;
	const struct export *export;	/* NULL if the kernel does not export it */
	const struct peer_export *peer;	/* else the module of the run that does */
	const char *peer_name;
	enum import_status status;
};

struct verdict {
	const char *name;		/* modinfo name= */
	const char *license;		/* as the kernel reads it, or NULL */
	int gpl_compatible;		/* after forced taints */
	int refused;
	const char *uses_proprietary_peer;	/* a module of the run */
	char taints[8];			/* letters, in bit order */
	struct import_result *imports;
	size_t n_imports;
	struct strlist reasons;		/* why it is refused */
	struct strlist notes;		/* why it taints, and what else to know */
	struct strlist flags;		/* licence tricks the kernel lets pass */
};

/* PEERS, the other modules of the run, may be NULL. */
void verdict_compute(const struct elfmod *m, const struct kernel *k,
		     const struct peers *peers, struct verdict *v);
void verdict_free(struct verdict *v);
const char *import_status_name(enum import_status s);

#endif
