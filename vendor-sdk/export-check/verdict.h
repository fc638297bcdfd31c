/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * The 6.1 loader's rules applied to one module and one kernel, stage by
 * stage in load_module()'s order, stopping where the loader stops.
 */
#ifndef EXPORT_CHECK_VERDICT_H
#define EXPORT_CHECK_VERDICT_H

#include "elfmod.h"
#include "kernel.h"
#include "peers.h"
#include "strlist.h"

enum import_status {
	IMPORT_OK,		/* resolves */
	IMPORT_WEAK_MISSING,	/* weak and not available: resolves to 0 */
	IMPORT_GPL_ONLY,	/* GPL-only, and the module may not have it */
	IMPORT_UNKNOWN,		/* not exported by this kernel */
	IMPORT_NAMESPACE,	/* in a namespace the module does not import */
	IMPORT_CRC_MISMATCH,	/* "disagrees about version of symbol" */
	IMPORT_NO_VERSION,	/* "no symbol version for" */
	IMPORT_PROVIDER_REFUSED,	/* its module, given too, is refused */
	IMPORT_NOT_REACHED,	/* the loader stopped before the symbols */
};

/* The loader's stages, in load_module()'s order (kernel/module/main.c). */
enum load_stage {
	STAGE_SIGNATURE,	/* module_sig_check() */
	STAGE_ELF,		/* elf_validity_cache_copy() (6.12) */
	STAGE_MODULE_LAYOUT,	/* check_modstruct_version() */
	STAGE_VERMAGIC,		/* check_modinfo(): same_magic() */
	STAGE_MODINFO,		/* check_modinfo(): livepatch */
	STAGE_EXPORT_CRCS,	/* check_module_license_and_versions() */
	STAGE_SYMBOLS,		/* simplify_symbols() */
	STAGE_LOADS,		/* not refused */
};

/* What the machine adds to the kernel's own signature enforcement. */
enum sig_enforce {
	SIG_ENFORCE_NONE,
	SIG_ENFORCE_PARAM,	/* module.sig_enforce=1 */
	SIG_ENFORCE_LOCKDOWN,	/* lockdown: Secure Boot, or lockdown= */
};

struct verdict_options {
	enum sig_enforce sig_enforce;
};

struct import_result {
	const char *name;
	const struct export *export;	/* the kernel's export, or NULL */
	const struct peer_export *peer;	/* else the run module's that has it */
	const char *peer_name;
	enum import_status status;
};

/* What __symbol_get() answers a name the module asks for. */
enum symbol_get_answer {
	SYMBOL_GET_ADDRESS,	/* the symbol, its owner pinned */
	SYMBOL_GET_NULL,	/* not exported GPL-only: refused */
	SYMBOL_GET_NOT_EXPORTED,	/* nobody known exports it: NULL */
	SYMBOL_GET_NOT_KNOWN,	/* not exported GPL-only, rule not known */
};

struct symbol_get_result {
	const char *name;
	const char *type;	/* EXPORT_SYMBOL[_GPL], NULL if not exported */
	const char *from;	/* vmlinux, a module of the kernel, or given */
	enum symbol_get_answer answer;
	char *message;		/* what the kernel prints, or NULL */
};

/*
 * What a module's licence means to a kernel (verdict_licence()): the
 * GPL-compatibility rule in one place, worked out once per module.
 */
struct licence {
	const char *license;		/* the first license=, or NULL */
	int listed;			/* on the kernel's GPL-compatible list */
	const struct forced_taint *forced; /* by name, or NULL */
	int gpl_compatible;		/* listed, and not refused GPL-only
					 * symbols by name (driverloader, lve)
					 */
};

struct verdict {
	const char *name;		/* modinfo name= */
	struct licence lic;
	int proprietary;		/* the module's taint P, inherited too */
	int refused;
	enum load_stage refused_at;	/* STAGE_LOADS if it loads */
	const char *taint_order;	/* the kernel's taint letters, in bit order */
	char taints[24];		/* the module's, in bit order */
	char kernel_taints[24];		/* what the attempt adds to the kernel's */
	int p_before_licence;		/* kernel_taints had P before the licence */
	struct import_result *imports;
	size_t n_imports;
	struct symbol_get_result *symbol_gets;	/* run time: symbol_get() */
	size_t n_symbol_gets;
	struct strlist reasons;		/* why it is refused, in the loader's order */
	struct strlist notes;		/* why it taints, and what else to know */
	struct strlist flags;		/* licence tricks and shims the kernel lets pass */
	struct strlist messages;	/* what the loader would print */
	/*
	 * The messages the loader prints only while the kernel lacks a
	 * taint (test_taint(), or pr_notice_once() for a taint only that
	 * message's path sets): at most one each for F, O, N, P (two), E, K.
	 */
	struct message_once {
		size_t index;		/* in messages */
		char letter;
	} once[8];
	size_t n_once;
};

/*
 * PEERS, the other modules of the run, may be NULL; the verdicts of those
 * M depends on should be computed first (and set in PEERS), as the loader
 * would have loaded them first.  OPTS may be NULL.
 */
void verdict_compute(const struct elfmod *m, const struct kernel *k,
		     const struct peers *peers,
		     const struct verdict_options *opts, struct verdict *v);
void verdict_free(struct verdict *v);
const char *import_status_name(enum import_status s);
const char *symbol_get_answer_name(enum symbol_get_answer a);
const char *load_stage_name(enum load_stage s);

/* What makes a kernel refuse unsigned modules. */
struct sig_enforcer {
	const char *name;	/* CONFIG_MODULE_SIG_FORCE, lockdown, ... */
	const char *why;	/* for the reason a refusal gives */
	int lockdown;		/* refused by lockdown, which says so */
};

/*
 * What enforces signatures on K with the machine's side O (may be NULL),
 * the first in module_sig_check()'s order; NULL if nothing does or K
 * checks no signatures.
 */
const struct sig_enforcer *verdict_sig_enforcer(const struct kernel *k,
						const struct verdict_options *o);

/*
 * The GPL-compatibility rule, in one place: M's first licence= (the one
 * the loader reads) is on the kernel's list, and the loader does not take
 * GPL-only symbols from a module of M's name (driverloader, lve).
 */
void verdict_licence(const struct elfmod *m, const struct kernel *k,
		     struct licence *l);
/* Its answer alone, for a module not judged (yet). */
int verdict_gpl_compatible(const struct elfmod *m, const struct kernel *k);

/*
 * If E, exported with plain EXPORT_SYMBOL, is a function that does nothing
 * of its own (no reference to its module's code or data) but call or take
 * the address of exports, some GPL-only (of the kernel or of PEERS), the
 * first of those; else NULL.  In a GPL-compatible module built out of
 * tree, that is what makes a GPL shim.
 */
const char *verdict_wrapped_gpl_only(const struct module_export *e,
				     const struct kernel *k,
				     const struct peers *peers);

#endif
