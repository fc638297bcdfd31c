/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The target kernel, as read from its build tree: exports and their CRCs,
 * the licences it treats as GPL-compatible, its vermagic, the options of
 * its .config the loader's rules depend on, the module names its loader
 * taints by force, and its taint flags.
 */
#ifndef EXPORT_CHECK_KERNEL_H
#define EXPORT_CHECK_KERNEL_H

#include "strlist.h"
#include "symvers.h"
#include "taintflags.h"
#include "tree.h"

struct forced_taint {
	char *name;
	int loses_gpl;	/* the taint is the module's: GPL-only exports refused */
};

/* The .config options the 6.1 loader's decisions depend on. */
struct kconfig {
	int known;			/* a .config was read */
	int smp, preempt_build, preempt_rt, module_unload, randstruct;
	int modversions;		/* CONFIG_MODVERSIONS */
	int module_sig, module_sig_force, module_force_load;
	int livepatch, missing_ns_ok;
	int lockdown_forced;		/* LOCK_DOWN_KERNEL_FORCE_{INTEGRITY,CONFIDENTIALITY} */
	int lockdown_secure_boot;	/* LOCK_DOWN_IN_EFI_SECURE_BOOT */
};

struct kernel {
	struct tree tree;		/* empty with --symvers */
	struct symvers symvers;
	char *symvers_path;
	struct strlist gpl_licenses;	/* from include/linux/license.h */
	char *license_h_path;
	char *config_path;
	struct kconfig config;
	int modversions;		/* CRCs are checked: .config, or CRCs in symvers */
	char *release;			/* UTS_RELEASE, as in vermagic */
	char *vermagic;			/* the loader's VERMAGIC_STRING, or NULL */
	struct forced_taint *forced;
	size_t n_forced;
	const char *forced_source;	/* a path, or "built-in 6.1 list" */
	struct taint_flags taint_flags;	/* the tree's, or Linux 6.1's */
	/*
	 * Whether __symbol_get() answers NULL for a symbol not exported
	 * GPL-only (1), answers it (0), or it is not known (-1); and where
	 * that was read.
	 */
	int symbol_get_gpl_only;
	char *symbol_get_source;
	/*
	 * Whether the loader reads a module's licence after it notes whether
	 * the kernel had taint P, so that a licence that taints P is also
	 * said as "module license taints kernel." (1: 6.12's module_augment_
	 * kernel_taints()), or before (0: 6.1), and where that was read.
	 */
	int licence_read_after_p_test;
	const char *licence_rule_source;
	/*
	 * Whether the loader refuses a module whose .gnu.linkonce.this_module
	 * is not sizeof(struct module) (6.12's elf_validity_cache_copy()),
	 * that size (0 if not known), and where it was read or why not.
	 */
	int checks_this_module_size;
	size_t struct_module_size;
	char *struct_module_size_source;
};

/*
 * Load the kernel from its build directory DIR, or from SYMVERS and
 * LICENSE_H when DIR is NULL; LICENSE_H, if given, overrides DIR's.
 * SOURCE, if not NULL, is DIR's source tree, read for what DIR lacks (the
 * loader's source, kernel/panic.c).  Returns 0, or -1 with "PATH: reason"
 * in ERR, naming the file missing.
 */
int kernel_load(struct kernel *k, const char *dir, const char *source,
		const char *symvers, const char *license_h, char *err,
		size_t errlen);
void kernel_free(struct kernel *k);

/* True if LICENSE is GPL-compatible, by the kernel's exact strcmp(). */
int kernel_license_is_gpl(const struct kernel *k, const char *license);
const struct forced_taint *kernel_forced_taint(const struct kernel *k,
					       const char *name);

/*
 * Load only the licence list: from LICENSE_H if given, else from the
 * include/linux/license.h of the tree at DIR.  For --gpl-compatible.
 */
int kernel_load_licenses(struct kernel *k, const char *dir,
			 const char *license_h, char *err, size_t errlen);

/* Read only the licence list, from the license.h at PATH, into K. */
int kernel_load_license_h(struct kernel *k, const char *path, char *err,
			  size_t errlen);

/* Read the licence list out of license.h's text; exposed for tests. */
int kernel_parse_license_h(const char *text, struct strlist *out);
/* Read the options of a .config's TEXT; exposed for tests. */
void kernel_parse_config(const char *text, struct kconfig *c);
/* VERMAGIC_STRING (include/linux/vermagic.h) for RELEASE and C. */
char *kernel_vermagic(const char *release, const struct kconfig *c,
		      const char *randstruct_seed);

#endif
