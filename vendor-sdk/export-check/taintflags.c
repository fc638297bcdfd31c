// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The kernel's taint flags, read from include/linux/panic.h (the bits) and
 * kernel/panic.c (taint_flags[]: the letters, and which are a module's
 * too), so that the letters and their order are the checked kernel's; and
 * their meanings, from Documentation/admin-guide/tainted-kernels.rst.
 */

#include "taintflags.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Linux 6.1's include/linux/panic.h and kernel/panic.c. */
static const struct taint_flag flags_6_1[] = {
	{ 0, 'P', 1, "TAINT_PROPRIETARY_MODULE", "proprietary module was loaded" },
	{ 1, 'F', 1, "TAINT_FORCED_MODULE", "module was force loaded" },
	{ 2, 'S', 0, "TAINT_CPU_OUT_OF_SPEC",
	  "kernel running on an out of specification system" },
	{ 3, 'R', 0, "TAINT_FORCED_RMMOD", "module was force unloaded" },
	{ 4, 'M', 0, "TAINT_MACHINE_CHECK",
	  "processor reported a Machine Check Exception (MCE)" },
	{ 5, 'B', 0, "TAINT_BAD_PAGE",
	  "bad page referenced or some unexpected page flags" },
	{ 6, 'U', 0, "TAINT_USER", "taint requested by userspace application" },
	{ 7, 'D', 0, "TAINT_DIE",
	  "kernel died recently, i.e. there was an OOPS or BUG" },
	{ 8, 'A', 0, "TAINT_OVERRIDDEN_ACPI_TABLE", "ACPI table overridden by user" },
	{ 9, 'W', 0, "TAINT_WARN", "kernel issued warning" },
	{ 10, 'C', 1, "TAINT_CRAP", "staging driver was loaded" },
	{ 11, 'I', 0, "TAINT_FIRMWARE_WORKAROUND",
	  "workaround for bug in platform firmware applied" },
	{ 12, 'O', 1, "TAINT_OOT_MODULE",
	  "externally-built (\"out-of-tree\") module was loaded" },
	{ 13, 'E', 1, "TAINT_UNSIGNED_MODULE", "unsigned module was loaded" },
	{ 14, 'L', 0, "TAINT_SOFTLOCKUP", "soft lockup occurred" },
	{ 15, 'K', 1, "TAINT_LIVEPATCH", "kernel has been live patched" },
	{ 16, 'X', 1, "TAINT_AUX", "auxiliary taint, defined for and used by distros" },
	{ 17, 'T', 1, "TAINT_RANDSTRUCT",
	  "kernel was built with the struct randomization plugin" },
	{ 18, 'N', 1, "TAINT_TEST", "an in-kernel test has been run" },
};

static const char *next_line(const char *p)
{
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

/* The bits and letters in order, or an error: no gap, no repeat. */
static int finish(struct taint_flags *t, char *err, size_t errlen)
{
	size_t i;

	if (!t->n)
		return fail(err, errlen, "no taint flags found");
	for (i = 0; i < t->n; i++) {
		const struct taint_flag *f = &t->flag[i];

		if (f->bit != i)
			return fail(err, errlen, "no taint flag has bit %zu", i);
		if (!f->letter)
			return fail(err, errlen, "%s has no letter in taint_flags[]",
				    f->name);
		if (strchr(t->order, f->letter))
			return fail(err, errlen, "%s: letter %c used twice",
				    f->name, f->letter);
		t->order[i] = f->letter;
	}
	t->order[t->n] = '\0';
	return 0;
}

/* The TAINT_* bits of panic.h, in bit order, without letters yet. */
static int parse_bits(const char *text, struct taint_flags *t, char *err,
		      size_t errlen)
{
	const char *line;
	char name[40];
	unsigned int bit;

	for (line = text; line; line = next_line(line)) {
		if (sscanf(line, "#define TAINT_%39[A-Z0-9_] %u", name, &bit) != 2 ||
		    strncmp(name, "FLAGS_", 6) == 0)
			continue;
		if (bit >= TAINT_BITS_MAX)
			return fail(err, errlen, "TAINT_%s: bit %u", name, bit);
		if (t->flag[bit].name[0])
			return fail(err, errlen, "TAINT_%s: bit %u is %s's",
				    name, bit, t->flag[bit].name);
		t->flag[bit].bit = bit;
		snprintf(t->flag[bit].name, sizeof(t->flag[bit].name),
			 "TAINT_%s", name);
		if (bit >= t->n)
			t->n = bit + 1;
	}
	return 0;
}

/*
 * The letters of panic.c's taint_flags[]: "[ TAINT_X ] = { 'L', 'l', true }"
 * in 6.1, "TAINT_FLAG(X, 'L', 'l', true)," in 6.12, which adds a description.
 */
static int parse_letters(const char *text, struct taint_flags *t, char *err,
			 size_t errlen)
{
	const char *line = strstr(text, "taint_flags[TAINT_FLAGS_COUNT] = {");
	const char *end = line ? strstr(line, "\n};") : NULL;
	char name[40], module[6], letter;
	size_t i;

	if (!end)
		return fail(err, errlen, "no taint_flags[] array");
	for (; line && line < end; line = next_line(line)) {
		if (sscanf(line, " [ TAINT_%39[A-Z0-9_] ] = { '%c', '%*c', %5[a-z] }",
			   name, &letter, module) != 3 &&
		    sscanf(line, " TAINT_FLAG(%39[A-Z0-9_], '%c', '%*c', %5[a-z])",
			   name, &letter, module) != 3)
			continue;
		for (i = 0; i < t->n; i++)
			if (!strcmp(t->flag[i].name + 6, name))
				break;
		if (i == t->n)
			return fail(err, errlen,
				    "taint_flags[] names TAINT_%s, which has no bit",
				    name);
		t->flag[i].letter = letter;
		t->flag[i].module = strcmp(module, "true") == 0;
	}
	return 0;
}

/* The meanings of tainted-kernels.rst's table: "  0  G/P       1  proprietary...". */
static void parse_meanings(const char *rst, struct taint_flags *t)
{
	const char *line;
	unsigned int bit;
	unsigned long value;
	char meaning[sizeof(t->flag[0].meaning)];

	for (line = rst; line; line = next_line(line))
		if (sscanf(line, " %u %*c/%*c %lu %95[^\n]", &bit, &value,
			   meaning) == 3 && bit < t->n && value == 1ul << bit)
			memcpy(t->flag[bit].meaning, meaning, sizeof(meaning));
}

int taint_flags_parse(const char *panic_h, const char *panic_c,
		      const char *rst, struct taint_flags *t, char *err,
		      size_t errlen)
{
	*t = (struct taint_flags){ 0 };
	if (parse_bits(panic_h, t, err, errlen) ||
	    parse_letters(panic_c, t, err, errlen))
		return -1;
	if (rst)
		parse_meanings(rst, t);
	return finish(t, err, errlen);
}

void taint_flags_6_1(struct taint_flags *t)
{
	char err[128];
	size_t i;

	*t = (struct taint_flags){ .n = sizeof(flags_6_1) / sizeof(*flags_6_1) };
	for (i = 0; i < t->n; i++)
		t->flag[i] = flags_6_1[i];
	/* Only a mistake in flags_6_1[] fails; the unit tests would see it. */
	if (finish(t, err, sizeof(err)))
		abort();
	t->source = "built-in Linux 6.1 table";
}

const struct taint_flag *taint_flags_find(const struct taint_flags *t,
					  char letter)
{
	const char *p = letter ? strchr(t->order, letter) : NULL;

	return p ? &t->flag[p - t->order] : NULL;
}
