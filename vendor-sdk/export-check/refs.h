/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What each function a module exports with plain EXPORT_SYMBOL refers to,
 * read from its relocations: the difference between a wrapper that hands
 * another export on and a function doing work of its own.
 */
#ifndef EXPORT_CHECK_REFS_H
#define EXPORT_CHECK_REFS_H

#include <gelf.h>

#include "elfmod.h"

/* True for the compiler's and the build's own helpers (__fentry__, ...). */
int refs_is_instrumentation(const char *name);

/*
 * Fill in is_function, calls and own_refs of the plain exports of M,
 * whose exports are sorted by name.  Returns 0, or -1 with a reason in ERR.
 */
int refs_scan(Elf *elf, struct elfmod *m, char *err, size_t errlen);

#endif
