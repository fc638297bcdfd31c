# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# api: patch 0001's register_security() and unregister_security() in the
# patched guest (two CPUs, AppArmor active): errors, placement rules,
# static keys, the reserved hooks, lifetime and races.

kit_group api "kernels" api_and_lifetime api_reserved_hooks api_register_race \
	api_unregister_vs_unload

t_api_and_lifetime() {
	local out=$build/tests/api rec site order
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_api_test
	# Where security_inode_mkdir() jumps to its loadable hooks, for the
	# module to read the static key's state there.
	site=$(tests/jump-site "$(kdir patched)/vmlinux" security_inode_mkdir lsm_loadable_keys) ||
		fail "no static key jump for the loadable inode_mkdir hooks in vmlinux"
	echo "$site" >"$out/key_site"
	# --tcg-single: keys flip here while the other CPU runs (harness/run-guest).
	rec=$(guest patched "$out" tests/guest/api-lifetime.sh --tcg-single \
		"$out/modules/lsm_api_test/lsm_api_test.ko" "$out/key_site")
	jq '.lsm_api_test | del(.ktap, .messages)' <<<"$rec"
	expect_two_cpus "$rec"
	r() { jq -r --arg k "$1" '.lsm_api_test[$k] // "missing"' <<<"$rec"; }
	[[ $(r insmod_exit) == 0 ]] || fail "lsm_api_test did not load"
	expect_ktap "$rec" lsm_api_test 33
	[[ $(r lsm_listed) == true ]] || fail "not in /sys/kernel/security/lsm"
	[[ $(r hook_sleeping_before_rmmod) == 1 ]] || fail "hook was not sleeping at rmmod"
	[[ $(r rmmod_exit) == 0 ]] || fail "rmmod failed"
	[[ $(r slow_mkdir_exit) == 0 ]] || fail "mkdir under the sleeping hook failed"
	[[ $(r lsm_listed_after_rmmod) == false ]] || fail "still listed after rmmod"
	# The hook finished after unregistering began and before it returned.
	order=$(jq -r '.lsm_api_test.messages[] | select(test("^lsm_api_test: (unregistering|hook done|unregistered)$"))' <<<"$rec" |
		paste -sd,)
	echo "$order"
	[[ $order == "lsm_api_test: unregistering,lsm_api_test: hook done,lsm_api_test: unregistered" ]] ||
		fail "unregister_security() did not wait for the running hook"
	jq -e '.lsm_api_test.messages | index("LSM: lsm_api_test: module lsm_api_test did not unregister, removing its hooks") != null' \
		<<<"$rec" >/dev/null || fail "no removal of a forgotten registration"
	[[ $(r lsm_listed_after_skip) == false ]] || fail "forgotten registration still listed"
	[[ $(r mkdir_after_skip_exit) == 0 ]] || fail "mkdir after forgotten unregister failed"
}

# Every hook of lsm_hook_defs.h against the rule of 0001, then a module
# that allows all it may: CAP_SYS_ADMIN still guards security.* xattrs.
t_api_reserved_hooks() {
	local out=$build/tests/hooks rec n
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_hooks_test
	gcc -std=c11 -Wall -Wextra -Werror -O2 -static -o "$out/xattr-nocap" tests/guest/xattr-nocap.c
	rec=$(guest patched "$out" tests/guest/lsm-hooks.sh --tcg-single \
		"$out/modules/lsm_hooks_test/lsm_hooks_test.ko" "$out/xattr-nocap")
	jq '.lsm_hooks_test | del(.ktap)' <<<"$rec"
	r() { jq -r --arg k "$1" '.lsm_hooks_test[$k] // "missing"' <<<"$rec"; }
	[[ $(r insmod_exit) == 0 ]] || fail "lsm_hooks_test did not load"
	n=$(jq '[.lsm_hooks_test.ktap[] | select(test("^(not )?ok "))] | length' <<<"$rec")
	((n > 200)) || fail "only $n cases: not every hook was tried"
	expect_ktap "$rec" lsm_hooks_test "$n" | grep -v '^ok'
	[[ $(r lsm_loaded) == *,lsm_hooks_test ]] || fail "the allow-all module is not registered"
	[[ $(r setxattr_loaded_with) == 0 ]] || fail "setxattr with CAP_SYS_ADMIN failed"
	[[ $(r setxattr_loaded_without) == EPERM ]] ||
		fail "setxattr security.* without CAP_SYS_ADMIN was not refused with the module loaded"
	[[ $(r setxattr_unloaded_without) == EPERM ]] || fail "setxattr control without the module"
}

# Another module's hooks registered while it is loaded and unloaded, from
# every CPU: no fault, every load and unload works, registrations happen.
t_api_register_race() {
	local out=$build/tests/race rec outcomes
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_race
	echo 200 >"$out/cycles"
	# loglevel=4: thousands of registrations print to the log, not the console.
	rec=$(guest patched "$out" tests/guest/lsm-race.sh --timeout 600 --append loglevel=4 --tcg-single \
		"$out/cycles" "$out/modules/lsm_race/lsm_race.ko" "$out/modules/lsm_race/lsm_race_owner.ko")
	expect_two_cpus "$rec"
	expect_ktap "$rec" lsm_race 5
	outcomes=$(jq -r '.lsm_race.outcomes' <<<"$rec")
	echo "$outcomes"
	[[ $outcomes =~ ^registered\ [1-9][0-9]*\ .*\ other\ 0$ ]] ||
		fail "registrations did not happen, or failed oddly: '$outcomes'"
}

# An unregistration waiting for a grace period while the array's owner
# unloads (issue 29): the owner's unload must wait for the hooks that may
# still run, and nothing may write to the owner's memory after it is
# freed.  lsm_api_test's hook holds the grace period open; the order of
# events comes from the guest's kernel log.
t_api_unregister_vs_unload() {
	local out=$build/tests/unregister-vs-unload rec order
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_api_test tests/modules/lsm_proxy
	rec=$(guest patched "$out" tests/guest/unregister-vs-unload.sh --tcg-single \
		"$out/modules/lsm_api_test/lsm_api_test.ko" "$out/modules/lsm_proxy/lsm_proxy.ko" \
		"$out/modules/lsm_proxy/lsm_proxy_owner.ko")
	jq '.lsm_proxy' <<<"$rec"
	expect_two_cpus "$rec"
	r() { jq -r --arg k "$1" '.lsm_proxy[$k] // "missing"' <<<"$rec"; }
	for k in sleeper_insmod_exit proxy_insmod_exit owner_insmod_exit owner_rmmod_exit \
		slow_mkdir_exit unregister_exit mkdir_after_exit proxy_rmmod_exit sleeper_rmmod_exit; do
		[[ $(r "$k") == 0 ]] || fail "$k is $(r "$k"), not 0"
	done
	order=$(jq -r '.lsm_proxy.messages[] | select(test(
		"^(lsm_proxy: register_security\\(\\) of the offered hooks: |lsm_proxy: unregistering|lsm_api_test: hook (sleeping|done)|kit: rmmod lsm_proxy_owner returned)"))' <<<"$rec")
	echo "$order"
	[[ $(sed -n 1p <<<"$order") == "lsm_proxy: register_security() of the offered hooks: 0" ]] ||
		fail "lsm_proxy did not register the owner's hooks"
	[[ $(sed -n '2,$p' <<<"$order" | sed 's/ [0-9]* ms$//' | paste -sd,) == \
		"lsm_api_test: hook sleeping,lsm_proxy: unregistering the offered hooks,lsm_api_test: hook done,kit: rmmod lsm_proxy_owner returned 0" ]] ||
		fail "the owner's unload did not wait for the hook in flight when the unregistration began"
}
