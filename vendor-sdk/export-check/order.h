/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The order in which the modules of a run must be loaded: each after the
 * modules of the run it depends on (its depends=, and the modules whose
 * exports it uses), as modprobe would load them.
 */
#ifndef EXPORT_CHECK_ORDER_H
#define EXPORT_CHECK_ORDER_H

#include <stddef.h>

#include "kernel.h"
#include "peers.h"

struct load_order {
	size_t *index;		/* into the peers, all of them, in load order */
	size_t n;
	size_t edges;		/* dependencies between modules of the run */
	size_t in_cycles;	/* modules left in dependency cycles, last */
};

/* Order the modules of PS, earlier index first where free to choose. */
void order_compute(const struct peers *ps, const struct kernel *k,
		   struct load_order *o);
void order_free(struct load_order *o);

#endif
