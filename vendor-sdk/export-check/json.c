// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The JSON writer every JSON output goes through.  Module strings are
 * whatever bytes a vendor put in .modinfo, so strings are escaped to stay
 * valid JSON whatever they hold: control characters and bytes that are not
 * UTF-8 become \u00XX.
 */

#include "json.h"

#include <stdlib.h>

void json_init(struct json *j, FILE *out)
{
	*j = (struct json){ .out = out };
}

/* Length of the valid UTF-8 sequence at S, or 0. */
static int utf8_length(const unsigned char *s)
{
	int n, i;
	unsigned int c;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	c = s[0] & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	return n;
}

void json_write_string(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	while (*s) {
		n = *s >= 0x80 ? utf8_length(s) : 0;
		if (n > 0) {
			fwrite(s, 1, (size_t)n, out);
			s += n;
		} else if (*s == '"' || *s == '\\') {
			fprintf(out, "\\%c", *s++);
		} else if (*s < 0x20 || *s >= 0x7f) {
			fprintf(out, "\\u%04x", *s++);
		} else {
			fputc(*s++, out);
		}
	}
	fputc('"', out);
}

/* The separator before a new element or member at the current depth. */
static void next(struct json *j)
{
	int d = j->depth;

	if (j->key_pending) {
		j->key_pending = 0;
		return;
	}
	if (d == 0)
		return;
	if (j->n[d - 1])
		fputc(',', j->out);
	if (j->lines[d - 1])
		fputs("\n  ", j->out);
	else if (j->n[d - 1])
		fputc(' ', j->out);
	j->n[d - 1] = 1;
}

static void begin(struct json *j, char c, int lines)
{
	next(j);
	if (j->depth == JSON_MAX_DEPTH)
		abort();	/* a bug in the caller, not in the input */
	fputc(c, j->out);
	j->n[j->depth] = 0;
	j->lines[j->depth] = (unsigned char)lines;
	j->depth++;
}

static void close_level(struct json *j, char c)
{
	j->depth--;
	if (j->lines[j->depth])
		fputc('\n', j->out);
	fputc(c, j->out);
}

void json_object_begin(struct json *j)
{
	begin(j, '{', 0);
}

void json_object_end(struct json *j)
{
	close_level(j, '}');
}

void json_array_begin(struct json *j)
{
	begin(j, '[', 0);
}

void json_array_lines_begin(struct json *j)
{
	begin(j, '[', 1);
}

void json_array_end(struct json *j)
{
	close_level(j, ']');
}

void json_key(struct json *j, const char *key)
{
	next(j);
	json_write_string(j->out, key);
	fputs(": ", j->out);
	j->key_pending = 1;
}

void json_string(struct json *j, const char *s)
{
	next(j);
	json_write_string(j->out, s);
}

void json_bool(struct json *j, int b)
{
	next(j);
	fputs(b ? "true" : "false", j->out);
}

void json_uint(struct json *j, unsigned long long v)
{
	next(j);
	fprintf(j->out, "%llu", v);
}

void json_strings(struct json *j, char *const *s, size_t n)
{
	size_t i;

	json_array_begin(j);
	for (i = 0; i < n; i++)
		json_string(j, s[i]);
	json_array_end(j);
}

void json_finish(struct json *j)
{
	fputc('\n', j->out);
}
