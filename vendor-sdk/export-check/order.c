// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The load order of a run's modules, by Kahn's algorithm over the
 * dependencies between them; among modules free to go, the earlier given
 * goes first, so that the order is stable.  Modules in a cycle (which
 * modprobe refuses) come last, in the order given.
 */

#include "order.h"
#include "util.h"

#include <stdlib.h>

struct graph {
	size_t *n_in;		/* unmet dependencies per module */
	size_t **out;		/* the modules that wait for each */
	size_t *n_out, *cap_out;
};

static void add_edge(struct graph *g, size_t from, size_t to, size_t *edges)
{
	size_t i;

	if (from == to)
		return;
	for (i = 0; i < g->n_out[from]; i++)
		if (g->out[from][i] == to)
			return;
	g->out[from] = grow(g->out[from], g->n_out[from], &g->cap_out[from],
			    sizeof(**g->out), 4);
	g->out[from][g->n_out[from]++] = to;
	g->n_in[to]++;
	(*edges)++;
}

/* A min-heap of module indexes: the earliest given module first. */
static void heap_push(size_t *h, size_t *n, size_t x)
{
	size_t i = (*n)++;

	while (i && h[(i - 1) / 2] > x) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static size_t heap_pop(size_t *h, size_t *n)
{
	size_t top = h[0], x = h[--*n], i = 0, c;

	while ((c = 2 * i + 1) < *n) {
		if (c + 1 < *n && h[c + 1] < h[c])
			c++;
		if (h[c] >= x)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = x;
	return top;
}

void order_compute(const struct peers *ps, const struct kernel *k,
		   struct load_order *o)
{
	struct graph g;
	size_t i, j, n_heap = 0, *heap;
	char *placed;

	*o = (struct load_order){ .index = xcalloc(ps->n, sizeof(size_t)) };
	g.n_in = xcalloc(ps->n, sizeof(*g.n_in));
	g.out = xcalloc(ps->n, sizeof(*g.out));
	g.n_out = xcalloc(ps->n, sizeof(*g.n_out));
	g.cap_out = xcalloc(ps->n, sizeof(*g.cap_out));
	for (i = 0; i < ps->n; i++) {
		const struct elfmod *m = ps->p[i].m;

		for (j = 0; j < m->n_depends; j++) {
			long d = peers_by_name(ps, m->depends[j], (size_t)-1);

			if (d >= 0)
				add_edge(&g, (size_t)d, i, &o->edges);
		}
		/* What the kernel lacks and a module of the run exports. */
		for (j = 0; j < m->n_imports; j++) {
			const struct peer_export *pe;

			if (symvers_find(&k->symvers, m->imports[j].name))
				continue;
			pe = peers_find(ps, m->imports[j].name);
			if (pe)
				add_edge(&g, pe->peer, i, &o->edges);
		}
	}
	heap = xcalloc(ps->n, sizeof(*heap));
	placed = xcalloc(ps->n, 1);
	for (i = 0; i < ps->n; i++)
		if (!g.n_in[i])
			heap_push(heap, &n_heap, i);
	while (n_heap) {
		i = heap_pop(heap, &n_heap);
		placed[i] = 1;
		o->index[o->n++] = i;
		for (j = 0; j < g.n_out[i]; j++)
			if (--g.n_in[g.out[i][j]] == 0)
				heap_push(heap, &n_heap, g.out[i][j]);
	}
	for (i = 0; i < ps->n; i++)
		if (!placed[i]) {
			o->index[o->n++] = i;
			o->in_cycles++;
		}
	for (i = 0; i < ps->n; i++)
		free(g.out[i]);
	free(g.out);
	free(g.n_out);
	free(g.cap_out);
	free(g.n_in);
	free(heap);
	free(placed);
}

void order_free(struct load_order *o)
{
	free(o->index);
	*o = (struct load_order){ 0 };
}
