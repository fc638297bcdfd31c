/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The JSON writer every JSON output goes through: escaping, and the commas
 * and colons of nested objects and arrays.
 */
#ifndef EXPORT_CHECK_JSON_H
#define EXPORT_CHECK_JSON_H

#include <stdio.h>

#define JSON_MAX_DEPTH 16

struct json {
	FILE *out;
	int depth;
	int key_pending;			/* a key was written, its value not */
	unsigned char n[JSON_MAX_DEPTH];	/* 0 before the first element */
	unsigned char lines[JSON_MAX_DEPTH];	/* one element per line */
};

void json_init(struct json *j, FILE *out);
void json_object_begin(struct json *j);
void json_object_end(struct json *j);
void json_array_begin(struct json *j);
/* An array written one element per line, for long lists of objects. */
void json_array_lines_begin(struct json *j);
void json_array_end(struct json *j);
/* The key of the next member of the current object. */
void json_key(struct json *j, const char *key);
/* A string value; NULL writes null. */
void json_string(struct json *j, const char *s);
void json_bool(struct json *j, int b);
void json_uint(struct json *j, unsigned long long v);
/* An array of N strings. */
void json_strings(struct json *j, char *const *s, size_t n);
/* Ends the document with a newline. */
void json_finish(struct json *j);

/* S as a JSON string literal, quotes included; exposed for tests. */
void json_write_string(FILE *out, const char *s);

#endif
