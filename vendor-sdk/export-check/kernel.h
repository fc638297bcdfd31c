/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The target kernel, as read from its build tree: exports, the licences
 * it treats as GPL-compatible, its release, module signing, and the module
 * names its loader taints by force.
 */
#ifndef EXPORT_CHECK_KERNEL_H
#define EXPORT_CHECK_KERNEL_H

#include "strlist.h"
#include "symvers.h"

struct forced_taint {
	char *name;
	int loses_gpl;	/* the taint is the module's: GPL-only exports refused */
};

struct kernel {
	struct symvers symvers;
	char *symvers_path;
	struct strlist gpl_licenses;	/* from include/linux/license.h */
	char *license_h_path;
	char *release;			/* UTS_RELEASE, as in vermagic */
	int module_sig, module_sig_force;
	struct forced_taint *forced;
	size_t n_forced;
	const char *forced_source;	/* a path, or "built-in 6.1 list" */
};

/*
 * Load the kernel from its build directory DIR, or from SYMVERS and
 * LICENSE_H when DIR is NULL; LICENSE_H, if given, overrides DIR's.
 * Returns 0, or -1 with "PATH: reason" in ERR.
 */
int kernel_load(struct kernel *k, const char *dir, const char *symvers,
		const char *license_h, char *err, size_t errlen);
void kernel_free(struct kernel *k);

/* True if LICENSE is GPL-compatible, by the kernel's exact strcmp(). */
int kernel_license_is_gpl(const struct kernel *k, const char *license);
const struct forced_taint *kernel_forced_taint(const struct kernel *k,
					       const char *name);

/* Read only the licence list, from the license.h at PATH, into K. */
int kernel_load_license_h(struct kernel *k, const char *path, char *err,
			  size_t errlen);

/* Read the licence list out of license.h's text; exposed for tests. */
int kernel_parse_license_h(const char *text, struct strlist *out);

#endif
