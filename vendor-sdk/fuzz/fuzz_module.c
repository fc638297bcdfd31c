// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * libFuzzer target: any bytes as a module image, through the parser and
 * the rules.  KDIR names the kernel tree whose rules apply.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../export-check/elfmod.h"
#include "../export-check/kernel.h"
#include "../export-check/verdict.h"

static struct kernel kern;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[512];

	(void)argc;
	(void)argv;
	if (!getenv("KDIR") ||
	    kernel_load(&kern, getenv("KDIR"), NULL, NULL, NULL, err, sizeof(err))) {
		fprintf(stderr, "fuzz: set KDIR to a built kit kernel tree\n");
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elfmod m;
	struct verdict v;
	char err[256];

	if (elfmod_parse(data, size, &m, err, sizeof(err)) == 0) {
		verdict_compute(&m, &kern, NULL, NULL, &v);
		verdict_free(&v);
		elfmod_free(&m);
	}
	return 0;
}
