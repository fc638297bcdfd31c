// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * The 6.1 loader's rules (kernel/module/main.c, version.c, signing.c),
 * applied ahead of time in load_module()'s order: the signature check,
 * module_layout's CRC, vermagic, the modinfo taints (O, C, K, P, N), the
 * unsigned taint E, the name-based taints, then each symbol: found (the
 * licence decides access to EXPORT_SYMBOL_GPL), its owner's licence, its
 * CRC, its namespace.  A stage that refuses ends the load, and with it
 * the reasons and taints: the taints reported are those applied before.
 * The symbols are symbols.c's; lint.c flags the licence strings the kernel
 * accepts although they deceive, and GPL shims.
 */

#include "stage.h"
#include "util.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *import_status_name(enum import_status s)
{
	switch (s) {
	case IMPORT_OK:
		return "ok";
	case IMPORT_WEAK_MISSING:
		return "weak, not exported";
	case IMPORT_GPL_ONLY:
		return "GPL-only";
	case IMPORT_UNKNOWN:
		return "unknown symbol";
	case IMPORT_NAMESPACE:
		return "namespace not imported";
	case IMPORT_CRC_MISMATCH:
		return "CRC mismatch";
	case IMPORT_NO_VERSION:
		return "no symbol version";
	case IMPORT_PROVIDER_REFUSED:
		return "provider refused";
	case IMPORT_NOT_REACHED:
		return "not reached";
	}
	return "?";
}

const char *load_stage_name(enum load_stage s)
{
	switch (s) {
	case STAGE_SIGNATURE:
		return "signature";
	case STAGE_ELF:
		return "elf";
	case STAGE_MODULE_LAYOUT:
		return "module_layout";
	case STAGE_VERMAGIC:
		return "vermagic";
	case STAGE_MODINFO:
		return "modinfo";
	case STAGE_EXPORT_CRCS:
		return "export_crcs";
	case STAGE_SYMBOLS:
		return "symbols";
	case STAGE_LOADS:
		break;
	}
	return NULL;
}

void verdict_licence(const struct elfmod *m, const struct kernel *k,
		     struct licence *l)
{
	const char *name = elfmod_info(m, "name", 0);

	l->license = elfmod_info(m, "license", 0);
	l->listed = l->license && kernel_license_is_gpl(k, l->license);
	l->forced = name ? kernel_forced_taint(k, name) : NULL;
	l->gpl_compatible = l->listed && !(l->forced && l->forced->loses_gpl);
}

int verdict_gpl_compatible(const struct elfmod *m, const struct kernel *k)
{
	struct licence l;

	verdict_licence(m, k, &l);
	return l.gpl_compatible;
}

int verdict_force_load(struct verdict *v, const struct kernel *k,
		       const char *reason)
{
	if (!k->config.module_force_load)
		return 0;
	if (!strchr(v->taints, 'F')) {
		strlist_addf(&v->messages, "%s: %s: kernel tainted.",
			     mod_name(v), reason);
		printed_unless_tainted(v, 'F');
		strlist_addf(&v->notes,
			     "%s: the loader forces it (CONFIG_MODULE_FORCE_LOAD): taints F",
			     reason);
	}
	taint(v, 'F', 1, 1);
	return 1;
}

const struct sig_enforcer *verdict_sig_enforcer(const struct kernel *k,
						const struct verdict_options *o)
{
	static const struct sig_enforcer sig_force = {
		"CONFIG_MODULE_SIG_FORCE", "CONFIG_MODULE_SIG_FORCE=y in its .config", 0
	}, param = {
		"module.sig_enforce", "module.sig_enforce=1, as --sig-enforce says", 0
	}, lockdown_forced = {
		"CONFIG_LOCK_DOWN_KERNEL_FORCE",
		"CONFIG_LOCK_DOWN_KERNEL_FORCE_INTEGRITY or _CONFIDENTIALITY in its .config", 1
	}, lockdown = {
		"lockdown", "Secure Boot or lockdown=, as --sig-enforce=lockdown says", 1
	};
	enum sig_enforce machine = o ? o->sig_enforce : SIG_ENFORCE_NONE;

	if (!k->config.module_sig)
		return NULL;
	if (k->config.module_sig_force)
		return &sig_force;
	if (machine == SIG_ENFORCE_PARAM)
		return &param;
	if (k->config.lockdown_forced)
		return &lockdown_forced;
	if (machine == SIG_ENFORCE_LOCKDOWN)
		return &lockdown;
	return NULL;
}

/* module_sig_check(): first of all, before the ELF is even looked at. */
static int stage_signature(const struct elfmod *m, const struct kernel *k,
			   const struct verdict_options *o, struct verdict *v)
{
	const struct sig_enforcer *e = verdict_sig_enforcer(k, o);

	if (!k->config.module_sig && o->sig_enforce != SIG_ENFORCE_NONE)
		strlist_addf(&v->notes,
			     "--sig-enforce has no effect: the kernel has no CONFIG_MODULE_SIG, so it checks no signatures");
	if (!e)
		return 1;
	if (m->has_signature) {
		strlist_addf(&v->notes,
			     "signed: export-check takes the appended signature as valid and cannot check it against the kernel's keys; one the kernel cannot verify is refused (%s)",
			     e->why);
		return 1;
	}
	if (e->lockdown) {
		strlist_addf(&v->reasons,
			     "unsigned, and the kernel is locked down (%s), which refuses unsigned modules",
			     e->why);
		strlist_addf(&v->messages,
			     "Lockdown: insmod: unsigned module loading is restricted; see man kernel_lockdown.7");
	} else {
		strlist_addf(&v->reasons,
			     "unsigned, and the kernel enforces module signatures (%s)",
			     e->why);
		strlist_addf(&v->messages,
			     "Loading of unsigned module is rejected");
	}
	refuse(v, STAGE_SIGNATURE);
	return 0;
}

/*
 * elf_validity_cache_copy(), where the loader checks it (6.12, not 6.1):
 * the module's struct module (.gnu.linkonce.this_module) is the size of
 * the kernel's, whatever its symbol versions say.
 */
static int stage_elf(const struct elfmod *m, const struct kernel *k,
		     struct verdict *v)
{
	if (!k->checks_this_module_size)
		return 1;
	if (!k->struct_module_size) {
		strlist_addf(&v->notes,
			     "this kernel refuses a module whose struct module (.gnu.linkonce.this_module, %zu bytes) is not the size of its own, which is %s",
			     m->this_module_size, k->struct_module_size_source);
		return 1;
	}
	if (m->this_module_size == k->struct_module_size)
		return 1;
	strlist_addf(&v->reasons,
		     "built for another kernel: its struct module (.gnu.linkonce.this_module) is %zu bytes, this kernel's %zu; rebuild against this one",
		     m->this_module_size, k->struct_module_size);
	strlist_addf(&v->messages,
		     "module %s: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time",
		     mod_name(v));
	refuse(v, STAGE_ELF);
	return 0;
}

/* check_modstruct_version(): module_layout's CRC, before vermagic. */
static int stage_module_layout(const struct elfmod *m, const struct kernel *k,
			       struct verdict *v)
{
	const struct export *e = symvers_find(&k->symvers, "module_layout");
	const struct module_version *mv;

	if (!k->modversions || !e)
		return 1;
	if (!m->has_versions) {
		/* With --symvers alone, CONFIG_MODULE_FORCE_LOAD is unknown. */
		if (!k->config.known || verdict_force_load(v, k, "module_layout"))
			return 1;
		strlist_addf(&v->reasons,
			     "built without symbol versions (no __versions), and the kernel has CONFIG_MODVERSIONS without CONFIG_MODULE_FORCE_LOAD: rebuild against this one");
		refuse(v, STAGE_MODULE_LAYOUT);
		return 0;
	}
	mv = elfmod_version(m, "module_layout");
	if (!mv) {
		strlist_addf(&v->reasons,
			     "no symbol version for module_layout in __versions: rebuild against this one");
		strlist_addf(&v->messages,
			     "%s: no symbol version for module_layout",
			     mod_name(v));
	} else if (mv->crc != e->crc) {
		strlist_addf(&v->reasons,
			     "built for another kernel: rebuild against this one (module_layout's CRC is 0x%08"
			     PRIx64 " in the module, 0x%08" PRIx32 " in this kernel)",
			     mv->crc, e->crc);
		strlist_addf(&v->messages,
			     "%s: disagrees about version of symbol module_layout",
			     mod_name(v));
	} else {
		return 1;
	}
	refuse(v, STAGE_MODULE_LAYOUT);
	return 0;
}

/*
 * same_magic(): with CONFIG_MODVERSIONS and a module that has CRCs, the
 * first word (the release) is skipped, as the CRCs say more.
 */
static int same_magic(const char *a, const char *b, int has_crcs)
{
	if (has_crcs) {
		a += strcspn(a, " ");
		b += strcspn(b, " ");
	}
	return strcmp(a, b) == 0;
}

/*
 * A taint check_modinfo() gives module and kernel, with the NOTE for
 * people and the loader's "<module>: MESSAGE", which it prints only while
 * the kernel lacks the taint.
 */
static void taint_once_said(struct verdict *v, char letter, const char *note,
			    const char *message)
{
	taint(v, letter, 1, 1);
	strlist_addf(&v->notes, "%s", note);
	strlist_addf(&v->messages, "%s: %s", mod_name(v), message);
	printed_unless_tainted(v, letter);
}

/* check_modinfo(): vermagic, then the taints O, C, K, P and N. */
static int stage_modinfo(const struct elfmod *m, const struct kernel *k,
			 struct verdict *v)
{
	const char *magic = elfmod_info(m, "vermagic", 0);
	int crcs = k->config.modversions && m->has_versions;

	if (!magic) {
		/* With --symvers alone, CONFIG_MODULE_FORCE_LOAD is unknown. */
		if (k->config.known && !verdict_force_load(v, k, "bad vermagic")) {
			strlist_addf(&v->reasons,
				     "no vermagic in .modinfo, and the kernel cannot force a load without one (no CONFIG_MODULE_FORCE_LOAD)");
			refuse(v, STAGE_VERMAGIC);
			return 0;
		}
	} else if (k->vermagic && !same_magic(magic, k->vermagic, crcs)) {
		strlist_addf(&v->reasons,
			     "built for another kernel: rebuild against this one (vermagic \"%s\", this kernel's \"%s\")",
			     magic, k->vermagic);
		strlist_addf(&v->messages, "%s: version magic '%s' should be '%s'",
			     mod_name(v), magic, k->vermagic);
		refuse(v, STAGE_VERMAGIC);
		return 0;
	} else if (k->release && crcs &&
		   (strcspn(magic, " ") != strlen(k->release) ||
		    strncmp(magic, k->release, strlen(k->release)))) {
		strlist_addf(&v->notes,
			     "built for %.*s, this kernel is %s: with symbol versions the loader compares CRCs, not releases",
			     (int)strcspn(magic, " "), magic, k->release);
	}
	if (!elfmod_info(m, "intree", 0))
		taint_once_said(v, 'O', "built out of tree (no intree tag): taints O",
				"loading out-of-tree module taints kernel.");
	if (elfmod_info(m, "staging", 0)) {
		taint(v, 'C', 1, 1);
		strlist_addf(&v->notes, "staging driver: taints C");
		strlist_addf(&v->messages,
			     "%s: module is from the staging directory, the quality is unknown, you have been warned.",
			     mod_name(v));
	}
	if (elfmod_info(m, "livepatch", 0)) {
		if (!k->config.livepatch) {
			strlist_addf(&v->reasons,
				     "a livepatch module, and the kernel has no CONFIG_LIVEPATCH");
			strlist_addf(&v->messages,
				     "%s: module is marked as livepatch module, but livepatch support is disabled",
				     mod_name(v));
			refuse(v, STAGE_MODINFO);
			return 0;
		}
		taint_once_said(v, 'K', "livepatch module: taints K",
				"tainting kernel with TAINT_LIVEPATCH");
	}
	v->p_before_licence = !!strchr(v->kernel_taints, 'P');
	if (!v->lic.license)
		strlist_addf(&v->notes,
			     "no MODULE_LICENSE: the kernel reads \"unspecified\", not GPL-compatible; modpost refuses to build it");
	if (!v->lic.listed) {
		taint(v, 'P', 1, 1);
		strlist_addf(&v->notes,
			     "licence \"%s\" is not in the kernel's GPL-compatible list (include/linux/license.h): taints P, no EXPORT_SYMBOL_GPL",
			     v->lic.license ? v->lic.license : "unspecified");
		strlist_addf(&v->messages, "%s: module license '%s' taints kernel.",
			     mod_name(v), v->lic.license ? v->lic.license : "unspecified");
		printed_unless_tainted(v, 'P');
	}
	if (elfmod_info(m, "test", 0))
		taint_once_said(v, 'N', "test module: taints N",
				"loading test module taints kernel.");
	return 1;
}

/* After layout_and_allocate(): the unsigned taint, when not enforced. */
static void stage_unsigned(const struct elfmod *m, const struct kernel *k,
			   const struct verdict_options *o, struct verdict *v)
{
	if (!k->config.module_sig || m->has_signature)
		return;
	taint(v, 'E', 1, 1);
	strlist_addf(&v->messages,
		     "%s: module verification failed: signature and/or required key missing - tainting kernel",
		     mod_name(v));
	printed_unless_tainted(v, 'E');
	if (k->config.lockdown_secure_boot && o->sig_enforce == SIG_ENFORCE_NONE)
		strlist_addf(&v->notes,
			     "unsigned: taints E; under Secure Boot this kernel locks down (CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT) and refuses it: --sig-enforce=lockdown predicts that");
	else
		strlist_addf(&v->notes, "unsigned: taints E");
}

/* Plain and GPL-only exports of M: any with a CRC, and any at all. */
static void export_crcs(const struct elfmod *m, int gpl, int *any, int *crc)
{
	size_t i;

	*any = *crc = 0;
	for (i = 0; i < m->n_exports; i++)
		if (m->exports[i].gpl_only == gpl) {
			*any = 1;
			*crc |= m->exports[i].has_crc;
		}
}

/* check_module_license_and_versions(): names, and the exports' CRCs. */
static int stage_license_and_versions(const struct elfmod *m,
				      const struct kernel *k,
				      struct verdict *v)
{
	const struct forced_taint *forced;
	int any, crc, missing = 0, before;

	/*
	 * "module license taints kernel." says this module gave the kernel
	 * P.  6.1 notes P after check_modinfo() read the licence, so says it
	 * for a module tainted by name alone; 6.12's module_augment_kernel_
	 * taints() notes it before reading the licence, so says it for a
	 * licence that taints too.
	 */
	before = k->licence_read_after_p_test ? v->p_before_licence :
						!!strchr(v->kernel_taints, 'P');
	forced = v->lic.forced;
	if (forced) {
		/* ndiswrapper taints the kernel only, so keeps GPL-only symbols. */
		taint(v, 'P', forced->loses_gpl, 1);
		if (forced->loses_gpl)
			v->proprietary = 1;
		strlist_addf(&v->notes,
			     "the loader taints a module named \"%s\" P by name (%s)%s",
			     v->name, k->forced_source,
			     forced->loses_gpl ? "; GPL-only exports are refused to it" :
						 "; it keeps GPL-only exports");
	}
	if (!before && strchr(v->kernel_taints, 'P')) {
		strlist_addf(&v->messages, "%s: module license taints kernel.",
			     mod_name(v));
		printed_unless_tainted(v, 'P');
	}
	if (!k->modversions)
		return 1;
	export_crcs(m, 0, &any, &crc);
	missing |= any && !crc;
	export_crcs(m, 1, &any, &crc);
	missing |= any && !crc;
	if (!missing || !k->config.known ||
	    verdict_force_load(v, k, "no versions for exported symbols"))
		return 1;
	strlist_addf(&v->reasons,
		     "exports symbols without CRCs (built without CONFIG_MODVERSIONS), and the kernel cannot force that (no CONFIG_MODULE_FORCE_LOAD)");
	refuse(v, STAGE_EXPORT_CRCS);
	return 0;
}

void verdict_compute(const struct elfmod *m, const struct kernel *k,
		     const struct peers *peers,
		     const struct verdict_options *opts, struct verdict *v)
{
	static const struct verdict_options defaults;
	const struct verdict_options *o = opts ? opts : &defaults;
	size_t i;

	*v = (struct verdict){
		.refused_at = STAGE_LOADS,
		.taint_order = k->taint_flags.order,
	};
	v->name = elfmod_info(m, "name", 0);
	verdict_licence(m, k, &v->lic);
	v->proprietary = !v->lic.listed;
	v->imports = xcalloc(m->n_imports, sizeof(*v->imports));
	v->n_imports = m->n_imports;
	for (i = 0; i < m->n_imports; i++)
		v->imports[i] = (struct import_result){
			.name = m->imports[i].name,
			.status = IMPORT_NOT_REACHED,
		};
	lint_licence(m, k, v);
	if (stage_signature(m, k, o, v) && stage_elf(m, k, v) &&
	    stage_module_layout(m, k, v) && stage_modinfo(m, k, v)) {
		stage_unsigned(m, k, o, v);
		if (stage_license_and_versions(m, k, v))
			verdict_symbols(m, k, peers, v);
	}
	lint_shims(m, k, peers, v);
	v->refused = v->refused_at != STAGE_LOADS;
	/* A module that does not load asks nothing. */
	if (!v->refused)
		verdict_symbol_gets(m, k, peers, v);
}

void verdict_free(struct verdict *v)
{
	size_t i;

	for (i = 0; i < v->n_symbol_gets; i++)
		free(v->symbol_gets[i].message);
	free(v->symbol_gets);
	free(v->imports);
	strlist_free(&v->reasons);
	strlist_free(&v->notes);
	strlist_free(&v->flags);
	strlist_free(&v->messages);
	*v = (struct verdict){ 0 };
}
