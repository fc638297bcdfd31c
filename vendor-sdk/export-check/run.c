// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * One check of a set of modules against one kernel.  All modules are
 * parsed first (once each; the parse keeps no pointer into the file), so
 * that each can be judged knowing the others: their exports, and whether
 * the ones it depends on load.
 */

#include "run.h"
#include "cli.h"
#include "elfmod.h"
#include "modfile.h"
#include "order.h"
#include "peers.h"
#include "report.h"
#include "util.h"

#include <stdlib.h>

struct checked {
	struct elfmod m;
	struct verdict v;
	long peer;		/* index in the peers, -1 if unreadable */
	char error[256];	/* why it is unreadable */
};

/*
 * Read and parse PATH into C.  A bad file is reported on stderr, and
 * judged as no module: in the JSON, its entry has its error alone.
 */
static int parse_one(const char *path, struct checked *c)
{
	struct modfile mf;
	int r;

	c->peer = -1;
	r = modfile_read(path, &mf, c->error, sizeof(c->error));
	if (!r) {
		r = elfmod_parse(mf.data, mf.size, &c->m, c->error,
				 sizeof(c->error));
		modfile_free(&mf);
	}
	if (r)
		fprintf(stderr, "export-check: %s: %s\n", path, c->error);
	return r;
}

int run_check(const struct kernel *k, char *const *paths, size_t n,
	      const struct run_options *o, FILE *out, struct json *j)
{
	struct checked *c = xcalloc(n, sizeof(*c));
	size_t *file_of = xcalloc(n, sizeof(*file_of));	/* by peer */
	struct peers ps = { 0 };
	struct load_order order;
	int status = EXIT_LOADS;
	size_t i;

	for (i = 0; i < n; i++) {
		if (parse_one(paths[i], &c[i]))
			status = EXIT_BAD_INPUT;
		else
			c[i].peer = (long)peers_add(&ps, paths[i], &c[i].m);
		if (c[i].peer >= 0)
			file_of[c[i].peer] = i;
	}
	peers_index(&ps);
	order_compute(&ps, k, &order);
	/* Judged in load order, so that a module sees its providers' fate. */
	for (i = 0; i < order.n; i++) {
		size_t p = order.index[i], f = file_of[p];

		verdict_compute(&c[f].m, k, &ps, &o->verdict, &c[f].v);
		ps.p[p].v = &c[f].v;
	}
	if (o->json)
		report_json_begin(j, k, &o->verdict);
	for (i = 0; i < n; i++) {
		if (c[i].peer < 0) {
			if (o->json)
				report_json_bad_file(j, paths[i], c[i].error);
			continue;
		}
		if (o->json)
			report_json_module(j, paths[i], &c[i].m, &c[i].v);
		else
			report_text(out, paths[i], &c[i].v, o->verbose);
		if (c[i].v.refused && status == EXIT_LOADS)
			status = EXIT_REFUSED;
	}
	if (o->json)
		report_json_end(j, &ps, &order);
	else
		report_text_order(out, &ps, &order);
	for (i = 0; i < n; i++) {
		if (c[i].peer >= 0)
			verdict_free(&c[i].v);
		elfmod_free(&c[i].m);
	}
	order_free(&order);
	peers_free(&ps);
	free(file_of);
	free(c);
	return status;
}
