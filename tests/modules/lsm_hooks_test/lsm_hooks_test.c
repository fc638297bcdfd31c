// SPDX-License-Identifier: GPL-2.0-only
/*
 * Copyright (C) 2026 The LSM export kit authors
 *
 * lsm_hooks_test: which hooks a loadable module may register.
 *
 * For every hook of this kernel's lsm_hook_defs.h it registers a stub that
 * returns the hook's default, alone, and prints one KTAP line per hook with
 * the kernel's answer: "accepted", or "refused" (-EINVAL; any other answer
 * is a failed case).  It holds no list of its own: the test compares the
 * answers with the kit's table of every hook (kernel-patch/hooks-6.1.tsv),
 * which was derived from the rule of patch 0002, not from its allow-list.
 *
 * It then registers every hook it was allowed, as "lsm_hooks_test", and
 * stays loaded: a module that allows everything it can, so that a test can
 * check that capability checks still apply.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/stringify.h>

/* A stub per hook that returns the hook's default ("allowed"). */
#define LSM_STUB_int(NAME, DEFAULT, ...)		\
	static int stub_##NAME(__VA_ARGS__)		\
	{						\
		return DEFAULT;				\
	}
#define LSM_STUB_void(NAME, DEFAULT, ...)		\
	static void stub_##NAME(__VA_ARGS__)		\
	{						\
	}
#define LSM_HOOK(RET, DEFAULT, NAME, ...)		\
	LSM_STUB_##RET(NAME, DEFAULT, __VA_ARGS__)
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK

static struct lsm_loadable_hook all_hooks[] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) LSM_LOADABLE_HOOK_INIT(NAME, stub_##NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static const char *const hook_names[] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) __stringify(NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static bool accepted[ARRAY_SIZE(all_hooks)];
static int registered;

static int __init lsm_hooks_test_init(void)
{
	int i, n = 0, got, odd = 0;

	pr_info("KTAP version 1\n");
	pr_info("1..%zu\n", ARRAY_SIZE(all_hooks) + 1);
	for (i = 0; i < ARRAY_SIZE(all_hooks); i++) {
		got = register_security(&all_hooks[i], 1, "lsm_hooks_test",
					THIS_MODULE);
		if (!got) {
			accepted[i] = true;
			unregister_security(&all_hooks[i], THIS_MODULE);
		}
		/* Accepted or refused as reserved: any other answer is wrong. */
		pr_info("%s %d %s %s # got %d\n",
			got && got != -EINVAL ? "not ok" : "ok", i + 1,
			hook_names[i], got ? "refused" : "accepted", got);
		odd += got && got != -EINVAL;
	}

	/* Every accepted hook at once: allow everything a module can. */
	for (i = 0; i < ARRAY_SIZE(all_hooks); i++)
		if (accepted[i])
			all_hooks[n++] = all_hooks[i];
	got = register_security(all_hooks, n, "lsm_hooks_test", THIS_MODULE);
	registered = got ? 0 : n;
	pr_info("%s %zu register all %d accepted hooks at once # got %d\n",
		got ? "not ok" : "ok", ARRAY_SIZE(all_hooks) + 1, n, got);
	pr_info("# %d hooks, %d accepted, %d refused, %d other answers\n",
		(int)ARRAY_SIZE(all_hooks), n, (int)ARRAY_SIZE(all_hooks) - n,
		odd);
	return 0;
}

static void __exit lsm_hooks_test_exit(void)
{
	if (registered)
		unregister_security(all_hooks, THIS_MODULE);
}

module_init(lsm_hooks_test_init);
module_exit(lsm_hooks_test_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Which LSM hooks a loadable module may register");
MODULE_AUTHOR("LSM export kit");
