// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* Printing verdicts: text for people, JSON for programs. */

#include "report.h"

#include <string.h>

void verdict_summary(const struct verdict *v, char *buf, size_t len)
{
	size_t i, n;

	n = (size_t)snprintf(buf, len, "%s", v->refused ? "refused" : "loads");
	for (i = 0; v->taints[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%c",
				      i ? " " : ", taints ", v->taints[i]);
}

/* Where an import comes from, for --verbose. */
static void text_origin(FILE *out, const struct import_result *r)
{
	if (r->export)
		fprintf(out, " (%s in %s%s%s)", r->export->type,
			r->export->owner, *r->export->ns ? ", namespace " : "",
			r->export->ns);
	else if (r->peer)
		fprintf(out, " (%s in module %s%s%s)",
			r->peer->e->gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL",
			r->peer_name, *r->peer->e->ns ? ", namespace " : "",
			r->peer->e->ns);
}

void report_text(FILE *out, const char *path, const struct verdict *v,
		 int verbose)
{
	char summary[64];
	size_t i;

	verdict_summary(v, summary, sizeof(summary));
	fprintf(out, "%s: %s\n", path, summary);
	for (i = 0; i < v->reasons.n; i++)
		fprintf(out, "  refused: %s\n", v->reasons.s[i]);
	for (i = 0; i < v->flags.n; i++)
		fprintf(out, "  warning: %s\n", v->flags.s[i]);
	for (i = 0; i < v->notes.n; i++)
		fprintf(out, "  note: %s\n", v->notes.s[i]);
	if (!verbose)
		return;
	for (i = 0; i < v->n_symbol_gets; i++)
		fprintf(out, "  symbol_get(%s): %s\n", v->symbol_gets[i].name,
			symbol_get_answer_name(v->symbol_gets[i].answer));
	for (i = 0; i < v->n_imports; i++) {
		fprintf(out, "  symbol %s: %s", v->imports[i].name,
			import_status_name(v->imports[i].status));
		text_origin(out, &v->imports[i]);
		fputc('\n', out);
	}
}

/* Not a second file of a module already listed (foo.ko and foo.ko.xz). */
static int first_of_name(const struct peers *ps, size_t i)
{
	return peers_by_name(ps, ps->p[i].name, (size_t)-1) == (long)i;
}

void report_text_order(FILE *out, const struct peers *ps,
		       const struct load_order *o)
{
	size_t i;

	if (!o->edges)
		return;
	fputs("load order:", out);
	for (i = 0; i < o->n; i++)
		if (first_of_name(ps, o->index[i]))
			fprintf(out, " %s", ps->p[o->index[i]].name);
	fputc('\n', out);
	if (o->in_cycles)
		fprintf(out,
			"load order: the last %zu depend on each other in a cycle, which modprobe refuses\n",
			o->in_cycles);
}

void report_json_begin(struct json *j, const struct kernel *k,
		       const struct verdict_options *opts)
{
	const struct sig_enforcer *enforcer = verdict_sig_enforcer(k, opts);
	size_t i;

	json_object_begin(j);
	json_key(j, "schema");
	json_string(j, REPORT_SCHEMA);
	json_key(j, "kernel");
	json_object_begin(j);
	json_key(j, "symvers");
	json_string(j, k->symvers_path);
	json_key(j, "license_h");
	json_string(j, k->license_h_path);
	json_key(j, "gpl_compatible_licenses");
	json_strings(j, k->gpl_licenses.s, k->gpl_licenses.n);
	json_key(j, "release");
	json_string(j, k->release);
	json_key(j, "vermagic");
	json_string(j, k->vermagic);
	json_key(j, "tree");
	json_strings(j, k->tree.part, k->tree.n_parts);
	json_key(j, "config");
	json_string(j, k->config_path);
	json_key(j, "modversions");
	json_bool(j, k->modversions);
	json_key(j, "module_sig");
	json_bool(j, k->config.module_sig);
	json_key(j, "sig_enforce");
	json_string(j, enforcer ? enforcer->name : NULL);
	json_key(j, "taint_flags");
	json_array_begin(j);
	for (i = 0; i < k->taint_flags.n; i++) {
		const struct taint_flag *f = &k->taint_flags.flag[i];
		char letter[2] = { f->letter, '\0' };

		json_object_begin(j);
		json_key(j, "bit");
		json_uint(j, f->bit);
		json_key(j, "letter");
		json_string(j, letter);
		json_key(j, "name");
		json_string(j, f->name);
		json_key(j, "module");
		json_bool(j, f->module);
		json_key(j, "meaning");
		json_string(j, *f->meaning ? f->meaning : NULL);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "taint_flags_source");
	json_string(j, k->taint_flags.source);
	json_key(j, "forced_taints");
	json_object_begin(j);
	for (i = 0; i < k->n_forced; i++) {
		json_key(j, k->forced[i].name);
		json_object_begin(j);
		json_key(j, "loses_gpl");
		json_bool(j, k->forced[i].loses_gpl);
		json_object_end(j);
	}
	json_object_end(j);
	json_key(j, "symbol_get_gpl_only");
	if (k->symbol_get_gpl_only < 0)
		json_string(j, NULL);	/* not known */
	else
		json_bool(j, k->symbol_get_gpl_only);
	json_key(j, "symbol_get_rule_source");
	json_string(j, k->symbol_get_source);
	json_key(j, "licence_read_after_p_test");
	json_bool(j, k->licence_read_after_p_test);
	json_key(j, "licence_rule_source");
	json_string(j, k->licence_rule_source);
	json_key(j, "checks_this_module_size");
	json_bool(j, k->checks_this_module_size);
	json_key(j, "struct_module_size");
	if (k->struct_module_size)
		json_uint(j, k->struct_module_size);
	else
		json_string(j, NULL);
	json_key(j, "struct_module_size_source");
	json_string(j, k->struct_module_size_source);
	json_object_end(j);
	json_key(j, "modules");
	json_array_lines_begin(j);
}

static void json_taints(struct json *j, const char *taints)
{
	char letter[2] = "";

	json_array_begin(j);
	for (; *taints; taints++) {
		letter[0] = *taints;
		json_string(j, letter);
	}
	json_array_end(j);
}

static void json_symbol(struct json *j, const struct import_result *r)
{
	const char *type = r->export ? r->export->type : NULL;
	const char *ns = r->export ? r->export->ns : "";

	if (!r->export && r->peer) {
		type = r->peer->e->gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL";
		ns = r->peer->e->ns;
	}
	json_object_begin(j);
	json_key(j, "name");
	json_string(j, r->name);
	json_key(j, "status");
	json_string(j, import_status_name(r->status));
	json_key(j, "export");
	json_string(j, type);
	json_key(j, "from");
	json_string(j, r->export ? r->export->owner : r->peer_name);
	json_key(j, "namespace");
	json_string(j, *ns ? ns : NULL);
	json_object_end(j);
}

static void json_symbol_get(struct json *j, const struct symbol_get_result *r)
{
	json_object_begin(j);
	json_key(j, "name");
	json_string(j, r->name);
	json_key(j, "answer");
	json_string(j, symbol_get_answer_name(r->answer));
	json_key(j, "export");
	json_string(j, r->type);
	json_key(j, "from");
	json_string(j, r->from);
	json_key(j, "kernel_message");
	json_string(j, r->message);
	json_object_end(j);
}

void report_json_module(struct json *j, const char *path,
			const struct elfmod *m, const struct verdict *v)
{
	char summary[64];
	size_t i;

	verdict_summary(v, summary, sizeof(summary));
	json_object_begin(j);
	json_key(j, "file");
	json_string(j, path);
	json_key(j, "name");
	json_string(j, v->name);
	json_key(j, "license");
	json_string(j, v->lic.license);
	json_key(j, "gpl_compatible");
	json_bool(j, v->lic.gpl_compatible);
	json_key(j, "loads");
	json_bool(j, !v->refused);
	json_key(j, "verdict");
	json_string(j, summary);
	json_key(j, "refused_at");
	json_string(j, load_stage_name(v->refused_at));
	json_key(j, "taints");
	json_taints(j, v->taints);
	json_key(j, "kernel_taints");
	json_taints(j, v->kernel_taints);
	json_key(j, "signed");
	json_bool(j, m->has_signature);
	json_key(j, "symbol_versions");
	json_bool(j, m->has_versions);
	json_key(j, "depends");
	json_strings(j, m->depends, m->n_depends);
	json_key(j, "reasons");
	json_strings(j, v->reasons.s, v->reasons.n);
	json_key(j, "warnings");
	json_strings(j, v->flags.s, v->flags.n);
	json_key(j, "notes");
	json_strings(j, v->notes.s, v->notes.n);
	json_key(j, "kernel_messages");
	json_strings(j, v->messages.s, v->messages.n);
	json_key(j, "kernel_messages_once");
	json_object_begin(j);
	for (i = 0; i < v->n_once; i++) {
		char letter[2] = { v->once[i].letter, '\0' };

		json_key(j, v->messages.s[v->once[i].index]);
		json_string(j, letter);
	}
	json_object_end(j);
	json_key(j, "symbols");
	json_array_begin(j);
	for (i = 0; i < v->n_imports; i++)
		json_symbol(j, &v->imports[i]);
	json_array_end(j);
	json_key(j, "symbol_get");
	json_array_begin(j);
	for (i = 0; i < v->n_symbol_gets; i++)
		json_symbol_get(j, &v->symbol_gets[i]);
	json_array_end(j);
	json_key(j, "symbol_get_unread");
	json_uint(j, v->refused ? 0 : m->symbol_gets_unread);
	json_object_end(j);
}

void report_json_bad_file(struct json *j, const char *path, const char *error)
{
	json_object_begin(j);
	json_key(j, "file");
	json_string(j, path);
	json_key(j, "error");
	json_string(j, error);
	json_object_end(j);
}

void report_json_end(struct json *j, const struct peers *ps,
		     const struct load_order *o)
{
	size_t i;

	json_array_end(j);
	json_key(j, "load_order");
	json_array_begin(j);
	for (i = 0; o && i < o->n; i++)
		if (first_of_name(ps, o->index[i]))
			json_string(j, ps->p[o->index[i]].name);
	json_array_end(j);
	json_object_end(j);
}
