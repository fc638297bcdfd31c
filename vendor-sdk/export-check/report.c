// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/* Printing verdicts: text for people, JSON for programs. */

#include "report.h"

#include <string.h>

void json_string(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void json_strlist(FILE *out, const struct strlist *l)
{
	size_t i;

	fputc('[', out);
	for (i = 0; i < l->n; i++) {
		if (i)
			fputs(", ", out);
		json_string(out, l->s[i]);
	}
	fputc(']', out);
}

void verdict_summary(const struct verdict *v, char *buf, size_t len)
{
	size_t i, n;

	if (v->refused) {
		snprintf(buf, len, "refused");
		return;
	}
	n = (size_t)snprintf(buf, len, "loads");
	for (i = 0; v->taints[i] && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%c",
				      i ? " " : ", taints ", v->taints[i]);
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
	for (i = 0; i < v->n_imports; i++) {
		const struct import_result *r = &v->imports[i];

		fprintf(out, "  symbol %s: %s", r->name,
			import_status_name(r->status));
		if (r->export)
			fprintf(out, " (%s in %s%s%s)", r->export->type,
				r->export->owner, *r->export->ns ? ", namespace " : "",
				r->export->ns);
		else if (r->peer)
			fprintf(out, " (%s in module %s)",
				r->peer->gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL",
				r->peer_name);
		fputc('\n', out);
	}
}

void report_json_begin(FILE *out, const struct kernel *k)
{
	size_t i;

	fputs("{\"kernel\": {\"symvers\": ", out);
	json_string(out, k->symvers_path);
	fputs(", \"license_h\": ", out);
	json_string(out, k->license_h_path);
	fputs(", \"gpl_compatible_licenses\": ", out);
	json_strlist(out, &k->gpl_licenses);
	fputs(", \"release\": ", out);
	json_string(out, k->release);
	fputs(", \"forced_taints\": {", out);
	for (i = 0; i < k->n_forced; i++) {
		fputs(i ? ", " : "", out);
		json_string(out, k->forced[i].name);
		fprintf(out, ": {\"loses_gpl\": %s}",
			k->forced[i].loses_gpl ? "true" : "false");
	}
	fputs("}}, \"modules\": [", out);
}

void report_json_module(FILE *out, const char *path, const struct verdict *v,
			int first)
{
	char summary[64];
	size_t i;

	verdict_summary(v, summary, sizeof(summary));
	fputs(first ? "\n  {" : ",\n  {", out);
	fputs("\"file\": ", out);
	json_string(out, path);
	fputs(", \"name\": ", out);
	json_string(out, v->name);
	fputs(", \"license\": ", out);
	json_string(out, v->license);
	fprintf(out, ", \"gpl_compatible\": %s, \"loads\": %s, \"verdict\": ",
		v->gpl_compatible ? "true" : "false",
		v->refused ? "false" : "true");
	json_string(out, summary);
	fputs(", \"taints\": [", out);
	for (i = 0; v->taints[i]; i++)
		fprintf(out, "%s\"%c\"", i ? ", " : "", v->taints[i]);
	fputs("], \"reasons\": ", out);
	json_strlist(out, &v->reasons);
	fputs(", \"warnings\": ", out);
	json_strlist(out, &v->flags);
	fputs(", \"notes\": ", out);
	json_strlist(out, &v->notes);
	fputs(", \"symbols\": [", out);
	for (i = 0; i < v->n_imports; i++) {
		const struct import_result *r = &v->imports[i];

		fputs(i ? ", {\"name\": " : "{\"name\": ", out);
		json_string(out, r->name);
		fputs(", \"status\": ", out);
		json_string(out, import_status_name(r->status));
		fputs(", \"export\": ", out);
		json_string(out, r->export ? r->export->type :
				 !r->peer ? NULL :
				 r->peer->gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL");
		fputs(", \"from\": ", out);
		json_string(out, r->export ? r->export->owner : r->peer_name);
		fputs(", \"namespace\": ", out);
		json_string(out, r->export && *r->export->ns ? r->export->ns : NULL);
		fputc('}', out);
	}
	fputs("]}", out);
}

void report_json_end(FILE *out)
{
	fputs("\n]}\n", out);
}
