/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/* The compile-time guard header, generated from a kernel's exports. */
#ifndef EXPORT_CHECK_GUARD_H
#define EXPORT_CHECK_GUARD_H

#include <stdio.h>

#include "kernel.h"

/* Write the kit's GPL guard header for kernel K to OUT. */
void guard_write(FILE *out, const struct kernel *k);

#endif
