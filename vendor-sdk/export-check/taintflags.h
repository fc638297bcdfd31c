/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The kernel's taint flags: each bit of /proc/sys/kernel/tainted, the
 * letter the kernel prints for it, whether a module carries it too
 * (/sys/module/NAME/taint) and what it means, read from the kernel's own
 * source.
 */
#ifndef EXPORT_CHECK_TAINTFLAGS_H
#define EXPORT_CHECK_TAINTFLAGS_H

#include <stddef.h>

/* The bits of the kernel's unsigned long taint mask. */
#define TAINT_BITS_MAX 64

struct taint_flag {
	unsigned int bit;
	char letter;		/* taint_flags[].c_true */
	int module;		/* taint_flags[].module: a module's taint too */
	char name[48];		/* TAINT_PROPRIETARY_MODULE... */
	char meaning[96];	/* tainted-kernels.rst's words, or "" */
};

struct taint_flags {
	struct taint_flag flag[TAINT_BITS_MAX];	/* in bit order */
	size_t n;
	char order[TAINT_BITS_MAX + 1];	/* the letters in bit order */
	const char *source;	/* where they were read */
};

/*
 * Read the flags from the text of include/linux/panic.h (each TAINT_* bit)
 * and of kernel/panic.c (the taint_flags[] array: each bit's letter), and
 * their meanings from Documentation/admin-guide/tainted-kernels.rst's
 * table if RST is not NULL.  Returns 0, or -1 with a one-line reason in
 * ERR: a flag without a bit or letter, two flags on one bit or letter, a
 * gap in the bits, or none.
 */
int taint_flags_parse(const char *panic_h, const char *panic_c,
		      const char *rst, struct taint_flags *t, char *err,
		      size_t errlen);

/* Linux 6.1's flags, for a tree without kernel/panic.c (headers only). */
void taint_flags_6_1(struct taint_flags *t);

/* The flag printed as LETTER, or NULL. */
const struct taint_flag *taint_flags_find(const struct taint_flags *t,
					  char letter);

#endif
