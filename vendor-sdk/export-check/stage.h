/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * What the files of a verdict share: its taints, its refusal, the name the
 * loader prints, and the stages and checks each file makes (verdict.c the
 * loader's stages up to the symbols, symbols.c the symbols, runtime.c
 * what symbol_get() answers once the module runs, lint.c what the kernel
 * lets pass although it deceives).
 */
#ifndef EXPORT_CHECK_STAGE_H
#define EXPORT_CHECK_STAGE_H

#include <string.h>

#include "verdict.h"

/* Add LETTER to TAINTS, kept in ORDER, the kernel's bit order. */
static inline void insert_taint(char *taints, size_t size, char letter,
				const char *order)
{
	char out[TAINT_BITS_MAX + 1] = "";
	const char *p;
	size_t n = 0;

	for (p = order; *p && n < size - 1; p++)
		if (*p == letter || strchr(taints, *p))
			out[n++] = *p;
	memcpy(taints, out, n + 1);
}

/* add_taint_module() taints both; add_taint() and set_bit() one each. */
static inline void taint(struct verdict *v, char letter, int module, int kernel)
{
	if (module)
		insert_taint(v->taints, sizeof(v->taints), letter,
			     v->taint_order);
	if (kernel)
		insert_taint(v->kernel_taints, sizeof(v->kernel_taints),
			     letter, v->taint_order);
}

/*
 * The message just added is printed only while the kernel lacks the taint
 * LETTER: the loader tests it first, or says it once per boot.
 */
static inline void printed_unless_tainted(struct verdict *v, char letter)
{
	if (v->n_once < sizeof(v->once) / sizeof(*v->once))
		v->once[v->n_once++] = (struct message_once){
			v->messages.n - 1, letter,
		};
}

/* The name the loader prints: the module's own. */
static inline const char *mod_name(const struct verdict *v)
{
	return v->name ? v->name : "(no name)";
}

static inline void refuse(struct verdict *v, enum load_stage stage)
{
	if (v->refused_at == STAGE_LOADS || stage < v->refused_at)
		v->refused_at = stage;
}

/*
 * try_to_force_load(): with CONFIG_MODULE_FORCE_LOAD the loader goes on
 * and taints F; without, it refuses.  Returns 1 if it goes on.
 */
int verdict_force_load(struct verdict *v, const struct kernel *k,
		       const char *reason);

/* simplify_symbols(): every undefined symbol of M, in symbol-table order. */
void verdict_symbols(const struct elfmod *m, const struct kernel *k,
		     const struct peers *ps, struct verdict *v);

/* What symbol_get() answers M at run time, for each name it asks for. */
void verdict_symbol_gets(const struct elfmod *m, const struct kernel *k,
			 const struct peers *ps, struct verdict *v);

/* Licence strings the kernel reads otherwise than they seem. */
void lint_licence(const struct elfmod *m, const struct kernel *k,
		  struct verdict *v);
/* GPL shims: M is one, or uses one of PS. */
void lint_shims(const struct elfmod *m, const struct kernel *k,
		const struct peers *ps, struct verdict *v);

#endif
