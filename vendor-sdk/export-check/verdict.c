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
 * Also flags the licence strings the kernel accepts although they
 * deceive, and GPL shims.
 */

#include "verdict.h"
#include "util.h"

#include <ctype.h>
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

/* Add LETTER to TAINTS, kept in ORDER, the kernel's bit order. */
static void insert_taint(char *taints, size_t size, char letter,
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
static void taint(struct verdict *v, char letter, int module, int kernel)
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
static void printed_unless_tainted(struct verdict *v, char letter)
{
	if (v->n_once < sizeof(v->once) / sizeof(*v->once))
		v->once[v->n_once++] = (struct message_once){
			v->messages.n - 1, letter,
		};
}

/* The name the loader prints: the module's own. */
static const char *mod_name(const struct verdict *v)
{
	return v->name ? v->name : "(no name)";
}

static void refuse(struct verdict *v, enum load_stage stage)
{
	if (v->refused_at == STAGE_LOADS || stage < v->refused_at)
		v->refused_at = stage;
}

int verdict_gpl_compatible(const struct elfmod *m, const struct kernel *k)
{
	const char *license = elfmod_info(m, "license", 0);
	const char *name = elfmod_info(m, "name", 0);
	const struct forced_taint *f = name ? kernel_forced_taint(k, name) : NULL;

	return license && kernel_license_is_gpl(k, license) &&
	       !(f && f->loses_gpl);
}

/* LICENSE equal to a GPL-compatible string but for case and spaces? */
static const char *near_miss(const struct kernel *k, const char *license)
{
	size_t i;

	for (i = 0; i < k->gpl_licenses.n; i++) {
		const char *a = license, *b = k->gpl_licenses.s[i];

		for (;;) {
			while (*a == ' ' || *a == '\t')
				a++;
			while (*b == ' ')
				b++;
			if (!*a || !*b || tolower((unsigned char)*a) !=
					  tolower((unsigned char)*b))
				break;
			a++;
			b++;
		}
		if (!*a && !*b)
			return k->gpl_licenses.s[i];
	}
	return NULL;
}

/* modinfo strings with no '=' right after license=: "GPL\0trailer". */
static void flag_license_tricks(const struct elfmod *m,
				const struct kernel *k, struct verdict *v)
{
	size_t i, n = elfmod_info_count(m, "license");
	const char *close;

	for (i = 0; i + 1 < m->n_info; i++) {
		const struct modinfo_entry *e = &m->info[i];

		if (e->value && e->key_len == 7 &&
		    memcmp(e->text, "license", 7) == 0 && !m->info[i + 1].value)
			strlist_addf(&v->flags,
				     "licence string has an embedded NUL: the kernel reads \"%s\", the source says \"%s\\0%s\"",
				     e->value, e->value, m->info[i + 1].text);
	}
	/* Harmless while they agree; a trick when some are GPL-compatible
	 * and some not: the loader reads the first, modpost all of them.
	 */
	for (i = 1; i < n; i++) {
		const char *other = elfmod_info(m, "license", i);

		if (kernel_license_is_gpl(k, other) !=
		    kernel_license_is_gpl(k, v->license)) {
			strlist_addf(&v->flags,
				     "license= tags disagree: the loader reads only the first, \"%s\", and ignores \"%s\"",
				     v->license, other);
			break;
		}
	}
	if (n > 1 && i == n)
		strlist_addf(&v->notes,
			     "%zu license= tags, all as GPL-compatible as the first",
			     n);
	close = v->license && !kernel_license_is_gpl(k, v->license) ?
		near_miss(k, v->license) : NULL;
	if (close)
		strlist_addf(&v->flags,
			     "licence \"%s\" differs from the GPL-compatible \"%s\" only in case or spaces; the kernel treats it as proprietary",
			     v->license, close);
}

/*
 * try_to_force_load(): with CONFIG_MODULE_FORCE_LOAD the loader goes on
 * and taints F; without, it refuses.  Returns 1 if it goes on.
 */
static int force_load(struct verdict *v, const struct kernel *k,
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
		if (!k->config.known || force_load(v, k, "module_layout"))
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

/* check_modinfo(): vermagic, then the taints O, C, K, P and N. */
static int stage_modinfo(const struct elfmod *m, const struct kernel *k,
			 struct verdict *v)
{
	const char *magic = elfmod_info(m, "vermagic", 0);
	int crcs = k->config.modversions && m->has_versions;

	if (!magic) {
		/* With --symvers alone, CONFIG_MODULE_FORCE_LOAD is unknown. */
		if (k->config.known && !force_load(v, k, "bad vermagic")) {
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
	if (!elfmod_info(m, "intree", 0)) {
		taint(v, 'O', 1, 1);
		strlist_addf(&v->notes, "built out of tree (no intree tag): taints O");
		strlist_addf(&v->messages,
			     "%s: loading out-of-tree module taints kernel.",
			     mod_name(v));
		printed_unless_tainted(v, 'O');
	}
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
		taint(v, 'K', 1, 1);
		strlist_addf(&v->notes, "livepatch module: taints K");
		strlist_addf(&v->messages,
			     "%s: tainting kernel with TAINT_LIVEPATCH",
			     mod_name(v));
		printed_unless_tainted(v, 'K');
	}
	if (!v->license)
		strlist_addf(&v->notes,
			     "no MODULE_LICENSE: the kernel reads \"unspecified\", not GPL-compatible; modpost refuses to build it");
	if (!v->license || !kernel_license_is_gpl(k, v->license)) {
		taint(v, 'P', 1, 1);
		strlist_addf(&v->notes,
			     "licence \"%s\" is not in the kernel's GPL-compatible list (include/linux/license.h): taints P, no EXPORT_SYMBOL_GPL",
			     v->license ? v->license : "unspecified");
		strlist_addf(&v->messages, "%s: module license '%s' taints kernel.",
			     mod_name(v), v->license ? v->license : "unspecified");
		printed_unless_tainted(v, 'P');
	}
	if (elfmod_info(m, "test", 0)) {
		taint(v, 'N', 1, 1);
		strlist_addf(&v->notes, "test module: taints N");
		strlist_addf(&v->messages,
			     "%s: loading test module taints kernel.",
			     mod_name(v));
		printed_unless_tainted(v, 'N');
	}
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
	int any, crc, missing = 0;

	forced = v->name ? kernel_forced_taint(k, v->name) : NULL;
	if (forced) {
		int before = !!strchr(v->kernel_taints, 'P');

		/* ndiswrapper taints the kernel only, so keeps GPL-only symbols. */
		taint(v, 'P', forced->loses_gpl, 1);
		if (forced->loses_gpl)
			v->proprietary = 1;
		strlist_addf(&v->notes,
			     "the loader taints a module named \"%s\" P by name (%s)%s",
			     v->name, k->forced_source,
			     forced->loses_gpl ? "; GPL-only exports are refused to it" :
						 "; it keeps GPL-only exports");
		if (!before) {
			strlist_addf(&v->messages,
				     "%s: module license taints kernel.",
				     mod_name(v));
			printed_unless_tainted(v, 'P');
		}
	}
	if (!k->modversions)
		return 1;
	export_crcs(m, 0, &any, &crc);
	missing |= any && !crc;
	export_crcs(m, 1, &any, &crc);
	missing |= any && !crc;
	if (!missing || !k->config.known ||
	    force_load(v, k, "no versions for exported symbols"))
		return 1;
	strlist_addf(&v->reasons,
		     "exports symbols without CRCs (built without CONFIG_MODVERSIONS), and the kernel cannot force that (no CONFIG_MODULE_FORCE_LOAD)");
	refuse(v, STAGE_EXPORT_CRCS);
	return 0;
}

static int imports_namespace(const struct elfmod *m, const char *ns)
{
	size_t i, n = elfmod_info_count(m, "import_ns");

	for (i = 0; i < n; i++)
		if (strcmp(elfmod_info(m, "import_ns", i), ns) == 0)
			return 1;
	return 0;
}

/*
 * The state simplify_symbols() carries from one symbol to the next, in
 * symbol-table order.  Using a proprietary module's symbol makes the
 * module inherit taint P, after which GPL-only symbols are refused to it;
 * a module that has already resolved a GPL-only symbol is refused the
 * proprietary module's symbol instead.
 */
struct import_state {
	int proprietary;		/* the module's taint P so far */
	const char *gpl_only_seen;	/* first GPL-only symbol resolved */
	const char *inherited_from;	/* the proprietary module, if any */
	struct strlist unknown;		/* not exported by anyone */
};

/* The run module that provides what the kernel's Module.symvers lists. */
static long owner_peer(const struct peers *ps, const struct export *e)
{
	if (strcmp(e->owner, "vmlinux") == 0)
		return -1;
	return peers_by_name(ps, symvers_owner_module(e->owner), (size_t)-1);
}

/* What the loader says when a symbol does not resolve. */
static void unknown_message(struct verdict *v, const char *name, int err)
{
	strlist_addf(&v->messages, "%s: Unknown symbol %s (err %d)",
		     mod_name(v), name, err);
}

/* check_version(): the CRC the module was built against. */
static int check_crc(const struct elfmod *m, const struct kernel *k,
		     struct import_result *r, uint32_t crc, struct verdict *v)
{
	const struct module_version *mv;

	if (!m->has_versions) {
		if (!k->config.known || force_load(v, k, r->name))
			return 1;
		r->status = IMPORT_NO_VERSION;
		strlist_addf(&v->reasons,
			     "no symbol versions (no __versions) for %s, and the kernel cannot force that",
			     r->name);
		return 0;
	}
	mv = elfmod_version(m, r->name);
	if (!mv) {
		r->status = IMPORT_NO_VERSION;
		strlist_addf(&v->reasons,
			     "no symbol version for %s in __versions: rebuild against this kernel",
			     r->name);
		strlist_addf(&v->messages, "%s: no symbol version for %s",
			     mod_name(v), r->name);
		return 0;
	}
	if (mv->crc == crc)
		return 1;
	r->status = IMPORT_CRC_MISMATCH;
	strlist_addf(&v->reasons,
		     "built against another version of %s: its CRC is 0x%08" PRIx64
		     " in the module, 0x%08" PRIx32 " in this kernel: rebuild against this one",
		     r->name, mv->crc, crc);
	strlist_addf(&v->messages, "%s: disagrees about version of symbol %s",
		     mod_name(v), r->name);
	return 0;
}

/* verify_namespace_is_imported(). */
static void check_namespace(const struct elfmod *m, const struct kernel *k,
			    struct import_result *r, const char *ns,
			    struct verdict *v)
{
	if (!*ns || imports_namespace(m, ns))
		return;
	strlist_addf(&v->messages,
		     "%s: module uses symbol (%s) from namespace %s, but does not import it.",
		     mod_name(v), r->name, ns);
	if (k->config.missing_ns_ok) {
		strlist_addf(&v->notes,
			     "uses symbol %s from namespace %s without MODULE_IMPORT_NS(%s); this kernel allows that (CONFIG_MODULE_ALLOW_MISSING_NAMESPACE_IMPORTS)",
			     r->name, ns, ns);
		return;
	}
	r->status = IMPORT_NAMESPACE;
	strlist_addf(&v->reasons,
		     "uses symbol %s from namespace %s without MODULE_IMPORT_NS(%s)",
		     r->name, ns, ns);
	unknown_message(v, r->name, -22);
}

/* inherit_taint(): using a proprietary module's symbol. */
static int inherit(const struct peer *from, struct import_result *r,
		   struct import_state *st, struct verdict *v)
{
	if (st->gpl_only_seen) {
		r->status = IMPORT_GPL_ONLY;
		strlist_addf(&v->reasons,
			     "module using GPL-only symbols (%s) uses symbol %s from proprietary module %s",
			     st->gpl_only_seen, r->name, from->name);
		strlist_addf(&v->messages,
			     "%s: module using GPL-only symbols uses symbols %s from proprietary module %s.",
			     mod_name(v), r->name, from->name);
		return 0;
	}
	if (!st->proprietary) {
		st->proprietary = 1;
		st->inherited_from = from->name;
		taint(v, 'P', 1, 0);	/* set_bit() on the module only */
		strlist_addf(&v->notes,
			     "uses %s from proprietary module %s: inherits taint P, and GPL-only symbols after it are refused",
			     r->name, from->name);
		strlist_addf(&v->messages,
			     "%s: module uses symbols %s from proprietary module %s, inheriting taint.",
			     mod_name(v), r->name, from->name);
	}
	return 1;
}

/*
 * A GPL-only export (in WHERE) and a module that is not GPL-compatible: the
 * loader does not find the symbol; a weak import is left unresolved.
 */
static void refuse_gpl_only(struct import_result *r, int weak,
			    const char *where, const struct import_state *st,
			    struct verdict *v)
{
	r->status = weak ? IMPORT_WEAK_MISSING : IMPORT_GPL_ONLY;
	if (weak)
		return;
	if (st->inherited_from)
		strlist_addf(&v->reasons,
			     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s), refused after inheriting taint P from %s",
			     r->name, where, st->inherited_from);
	else
		strlist_addf(&v->reasons,
			     "uses GPL-only symbol %s (EXPORT_SYMBOL_GPL in %s)",
			     r->name, where);
	unknown_message(v, r->name, -2);
}

/* Who exports a symbol a module imports, as resolve_symbol() finds it. */
struct provider {
	const char *where;		/* for a refusal: "vmlinux", "module X"... */
	const struct peer *peer;	/* the exporting module, if given too */
	int run_export;			/* found among the given modules' exports */
	int proprietary;		/* the exporter has taint P */
	int gpl_only;
	int has_crc;			/* CRCs are checked against this one */
	uint32_t crc;
	const char *ns;
};

/*
 * resolve_symbol(): a refused provider leaves the symbol unknown; a
 * GPL-only one is refused to a module with taint P; a proprietary one
 * passes its taint on (inherit_taint()); then check_version() and the
 * namespace.
 */
static void resolve(const struct elfmod *m, const struct kernel *k,
		    const struct provider *p, struct import_result *r,
		    int weak, struct import_state *st, struct verdict *v)
{
	if (p->run_export)
		r->peer_name = p->peer->name;
	if (p->peer && p->peer->v && p->peer->v->refused) {
		r->status = IMPORT_PROVIDER_REFUSED;
		r->peer_name = p->peer->name;
		unknown_message(v, r->name, -2);
		return;
	}
	if (p->gpl_only && st->proprietary) {
		refuse_gpl_only(r, weak, p->where, st, v);
		return;
	}
	if (p->gpl_only && !st->gpl_only_seen)
		st->gpl_only_seen = r->name;
	r->status = IMPORT_OK;
	if (p->proprietary && !inherit(p->peer, r, st, v)) {
		unknown_message(v, r->name, -2);
		return;
	}
	/* An exporter without CRCs passes check_version() unchecked. */
	if (k->modversions && p->has_crc && !check_crc(m, k, r, p->crc, v)) {
		unknown_message(v, r->name, -22);
		return;
	}
	check_namespace(m, k, r, p->ns, v);
}

/* An export of the kernel's Module.symvers; its module may be given too. */
static void resolve_kernel(const struct elfmod *m, const struct kernel *k,
			   const struct peers *ps, struct import_result *r,
			   int weak, struct import_state *st, struct verdict *v)
{
	const struct export *e = r->export;
	long owner = owner_peer(ps, e);
	const struct provider p = {
		.where = e->owner,
		.peer = owner >= 0 ? &ps->p[owner] : NULL,
		.gpl_only = e->gpl_only,
		.has_crc = 1,
		.crc = e->crc,
		.ns = e->ns,
	};

	resolve(m, k, &p, r, weak, st, v);
}

/* An export of a module given too. */
static void resolve_peer(const struct elfmod *m, const struct kernel *k,
			 const struct peers *ps, struct import_result *r,
			 int weak, struct import_state *st, struct verdict *v)
{
	const struct peer *from = &ps->p[r->peer->peer];
	const struct module_export *e = r->peer->e;
	char *where = xasprintf("module %s", from->name);
	const struct provider p = {
		.where = where,
		.peer = from,
		.run_export = 1,
		.proprietary = from->v ? from->v->proprietary :
					 !verdict_gpl_compatible(from->m, k),
		.gpl_only = e->gpl_only,
		.has_crc = e->has_crc,
		.crc = e->crc,
		.ns = e->ns,
	};

	resolve(m, k, &p, r, weak, st, v);
	free(where);
}

/* Up to five names of L, then how many more. */
static char *some_of(char *const *s, size_t n)
{
	char *out = xstrdup(""), *more;
	size_t i;

	for (i = 0; i < n && i < 5; i++) {
		more = xasprintf("%s%s%s", out, i ? ", " : "", s[i]);
		free(out);
		out = more;
	}
	if (n > 5) {
		more = xasprintf("%s and %zu more", out, n - 5);
		free(out);
		out = more;
	}
	return out;
}

/*
 * Symbols nobody exports.  If depends= names a module that is neither
 * given nor the kernel's, they are most likely its: say that once,
 * rather than once per symbol.
 */
static void report_unknown(const struct elfmod *m, const struct kernel *k,
			   const struct peers *ps, struct import_state *st,
			   struct verdict *v)
{
	struct strlist missing = { 0 };
	char *names, *mods;
	size_t i;

	if (!st->unknown.n)
		return;
	for (i = 0; i < m->n_depends; i++)
		if (peers_by_name(ps, m->depends[i], (size_t)-1) < 0 &&
		    !symvers_has_module(&k->symvers, m->depends[i], (size_t)-1))
			strlist_addf(&missing, "%s", m->depends[i]);
	if (!missing.n) {
		for (i = 0; i < st->unknown.n; i++)
			strlist_addf(&v->reasons,
				     "unknown symbol %s: this kernel does not export it",
				     st->unknown.s[i]);
		return;
	}
	names = some_of(st->unknown.s, st->unknown.n);
	mods = some_of(missing.s, missing.n);
	strlist_addf(&v->reasons,
		     "%zu unknown symbol%s (%s): it depends on %s (depends=), which is neither given nor a module of this kernel: check it together with %s",
		     st->unknown.n, st->unknown.n == 1 ? "" : "s", names, mods,
		     missing.n == 1 ? "that module's .ko" : "those modules' .ko files");
	free(names);
	free(mods);
	strlist_free(&missing);
}

/* Dependencies that are refused: the module cannot load after them. */
static void report_refused_providers(const struct elfmod *m,
				     const struct peers *ps,
				     struct verdict *v)
{
	struct strlist done = { 0 }, syms = { 0 };
	const struct import_result *r = v->imports;
	size_t i, j;
	char *names;

	for (i = 0; i < v->n_imports; i++) {
		if (r[i].status != IMPORT_PROVIDER_REFUSED ||
		    strlist_has(&done, r[i].peer_name))
			continue;
		for (j = i; j < v->n_imports; j++)
			if (r[j].status == IMPORT_PROVIDER_REFUSED &&
			    strcmp(r[j].peer_name, r[i].peer_name) == 0)
				strlist_addf(&syms, "%s", r[j].name);
		names = some_of(syms.s, syms.n);
		strlist_addf(&v->reasons,
			     "needs module %s, which is refused: its symbols %s are unknown without it",
			     r[i].peer_name, names);
		strlist_addf(&done, "%s", r[i].peer_name);
		free(names);
		strlist_free(&syms);
	}
	for (i = 0; i < m->n_depends; i++) {
		long d = peers_by_name(ps, m->depends[i], (size_t)-1);

		if (d >= 0 && ps->p[d].v && ps->p[d].v->refused &&
		    !strlist_has(&done, ps->p[d].name)) {
			strlist_addf(&v->reasons,
				     "needs module %s (depends=), which is refused",
				     ps->p[d].name);
			strlist_addf(&done, "%s", ps->p[d].name);
		}
	}
	if (done.n)
		refuse(v, STAGE_SYMBOLS);
	strlist_free(&done);
}

/* simplify_symbols(): every symbol, in symbol-table order. */
static void stage_symbols(const struct elfmod *m, const struct kernel *k,
			  const struct peers *ps, struct verdict *v)
{
	struct import_state st = { .proprietary = v->proprietary };
	size_t i, reasons = v->reasons.n;

	for (i = 0; i < m->n_imports; i++) {
		struct import_result *r = &v->imports[i];
		int weak = m->imports[i].weak;

		r->export = symvers_find(&k->symvers, r->name);
		if (r->export) {
			resolve_kernel(m, k, ps, r, weak, &st, v);
			continue;
		}
		r->peer = peers_find(ps, r->name);
		if (r->peer) {
			resolve_peer(m, k, ps, r, weak, &st, v);
		} else if (weak) {
			r->status = IMPORT_WEAK_MISSING;
		} else {
			r->status = IMPORT_UNKNOWN;
			strlist_addf(&st.unknown, "%s", r->name);
			unknown_message(v, r->name, -2);
		}
	}
	report_unknown(m, k, ps, &st, v);
	report_refused_providers(m, ps, v);
	if (v->reasons.n > reasons)
		refuse(v, STAGE_SYMBOLS);
	v->proprietary = st.proprietary;
	strlist_free(&st.unknown);
}

const char *verdict_wrapped_gpl_only(const struct module_export *e,
				     const struct kernel *k,
				     const struct peers *peers)
{
	const char *wrapped = NULL;
	size_t i;

	if (e->gpl_only || !e->is_function || e->own_refs)
		return NULL;
	for (i = 0; i < e->n_calls && !wrapped; i++) {
		const struct export *ke = symvers_find(&k->symvers, e->calls[i]);
		const struct peer_export *pe = ke ? NULL :
					       peers_find(peers, e->calls[i]);

		if ((ke && ke->gpl_only) || (pe && pe->e->gpl_only))
			wrapped = e->calls[i];
	}
	return wrapped;
}

/*
 * Who can be a GPL shim: a GPL-compatible module built out of tree.  An
 * in-tree module's export types are the kernel's own API, chosen upstream
 * (Debian's drm, usbcore or libphy export thin wrappers of GPL-only
 * functions with plain EXPORT_SYMBOL, as their maintainers decided); only
 * a module outside the kernel decides on its own to hand GPL-only
 * functionality to every module.
 */
static int may_be_shim(const struct elfmod *m, const struct kernel *k)
{
	return verdict_gpl_compatible(m, k) && !elfmod_info(m, "intree", 0);
}

/* A GPL module exporting, to every module, wrappers of GPL-only exports. */
static void flag_shim(const struct elfmod *m, const struct kernel *k,
		      const struct peers *ps, struct verdict *v)
{
	struct strlist pairs = { 0 };
	const char *w;
	char *list;
	size_t i;

	if (!may_be_shim(m, k))
		return;
	for (i = 0; i < m->n_exports; i++) {
		w = verdict_wrapped_gpl_only(&m->exports[i], k, ps);
		if (w)
			strlist_addf(&pairs, "%s -> %s", m->exports[i].name, w);
	}
	if (!pairs.n)
		return;
	list = some_of(pairs.s, pairs.n);
	strlist_addf(&v->flags,
		     "a GPL shim: built out of tree, it exports with EXPORT_SYMBOL %zu function%s that do%s nothing of %s own but call GPL-only symbols (%s), so modules of any licence reach what EXPORT_SYMBOL_GPL reserves; the kernel cannot see this",
		     pairs.n, pairs.n == 1 ? "" : "s", pairs.n == 1 ? "es" : "",
		     pairs.n == 1 ? "its" : "their", list);
	free(list);
	strlist_free(&pairs);
}

/* A module that is not GPL-compatible, using a shim's wrapper. */
static void flag_shim_use(const struct kernel *k, const struct peers *ps,
			  struct verdict *v)
{
	size_t i;

	if (v->gpl_compatible)
		return;
	for (i = 0; i < v->n_imports; i++) {
		const struct peer_export *pe = peers_find(ps, v->imports[i].name);
		const struct peer *from = pe ? &ps->p[pe->peer] : NULL;
		const char *w = pe ? verdict_wrapped_gpl_only(pe->e, k, ps) : NULL;

		if (w && may_be_shim(from->m, k))
			strlist_addf(&v->flags,
				     "uses %s from %s, a GPL module that re-exports with EXPORT_SYMBOL a wrapper of the GPL-only %s: the kernel loads this, but it is the use EXPORT_SYMBOL_GPL is there to forbid",
				     v->imports[i].name, from->name, w);
	}
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
	v->license = elfmod_info(m, "license", 0);
	v->gpl_compatible = verdict_gpl_compatible(m, k);
	v->proprietary = !v->license || !kernel_license_is_gpl(k, v->license);
	v->imports = xcalloc(m->n_imports, sizeof(*v->imports));
	v->n_imports = m->n_imports;
	for (i = 0; i < m->n_imports; i++)
		v->imports[i] = (struct import_result){
			.name = m->imports[i].name,
			.status = IMPORT_NOT_REACHED,
		};
	flag_license_tricks(m, k, v);
	if (stage_signature(m, k, o, v) && stage_module_layout(m, k, v) &&
	    stage_modinfo(m, k, v)) {
		stage_unsigned(m, k, o, v);
		if (stage_license_and_versions(m, k, v))
			stage_symbols(m, k, peers, v);
	}
	flag_shim(m, k, peers, v);
	flag_shim_use(k, peers, v);
	v->refused = v->refused_at != STAGE_LOADS;
}

void verdict_free(struct verdict *v)
{
	free(v->imports);
	strlist_free(&v->reasons);
	strlist_free(&v->notes);
	strlist_free(&v->flags);
	strlist_free(&v->messages);
	*v = (struct verdict){ 0 };
}
