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
	api_third_party_refused

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
	expect_ktap "$rec" lsm_api_test 35
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

# Registrations from every CPU racing other modules' registrations, hook
# calls and the owner's own unload: no fault, every load and unload works,
# each module's own registrations happen, and none of another module's
# attempts on the owner's array succeeds (issue 29).
t_api_register_race() {
	local out=$build/tests/race rec outcomes owner
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_race
	echo 200 >"$out/cycles"
	# loglevel=4: thousands of registrations print to the log, not the console.
	rec=$(guest patched "$out" tests/guest/lsm-race.sh --timeout 600 --append loglevel=4 --tcg-single \
		"$out/cycles" "$out/modules/lsm_race/lsm_race.ko" "$out/modules/lsm_race/lsm_race_owner.ko")
	expect_two_cpus "$rec"
	expect_ktap "$rec" lsm_race 5
	outcomes=$(jq -r '.lsm_race.outcomes' <<<"$rec")
	owner=$(jq -r '.lsm_race.owner_outcomes' <<<"$rec")
	echo "lsm_race: $outcomes"
	echo "lsm_race_owner, summed: $owner"
	echo "registrations the kernel removed at the owner's unload: $(jq -r '.lsm_race.owner_removed' <<<"$rec")"
	# -ENODEV ("going") only while a module's own exit stops its threads.
	[[ $outcomes =~ ^registered\ [1-9][0-9]*\ going\ [0-9]+\ refused\ [1-9][0-9]*\ invalid\ [0-9]+\ taken\ 0\ other\ 0$ ]] ||
		fail "lsm_race: its own registrations did not happen, or another module's array was taken: '$outcomes'"
	[[ $owner =~ ^unloads\ 200\ registered\ [1-9][0-9]*\ going\ [0-9]+\ left\ ([0-9]+)\ other\ 0$ ]] ||
		fail "lsm_race_owner: '$owner'"
	[[ $(jq -r '.lsm_race.owner_removed' <<<"$rec") == "${BASH_REMATCH[1]}" ]] ||
		fail "the kernel did not remove each registration the owner left at its unload"
}

# errno_of NAME: the number of errno NAME, from the kernel's UAPI header.
errno_of() {
	awk -v n="$1" '$1 == "#define" && $2 == n { print $3 }' /usr/include/asm-generic/errno-base.h
}

# Only the module that holds a hook array may register or unregister it
# (issue 29): another module's attempts get -EPERM and change nothing; the
# owner's own registration and unregistration work.
t_api_third_party_refused() {
	local out=$build/tests/third-party rec base
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_proxy
	rec=$(guest patched "$out" tests/guest/third-party.sh --tcg-single \
		"$out/modules/lsm_proxy/lsm_proxy.ko" "$out/modules/lsm_proxy/lsm_proxy_owner.ko")
	jq '.lsm_proxy' <<<"$rec"
	r() { jq -r --arg k "$1" '.lsm_proxy[$k] // "missing"' <<<"$rec"; }
	for k in proxy_insmod_exit owner_insmod_exit proxy_unregister_exit mkdir_exit \
		owner_rmmod_exit proxy_rmmod_exit; do
		[[ $(r "$k") == 0 ]] || fail "$k is $(r "$k"), not 0"
	done
	msg() {
		jq -e --arg m "$1" '.lsm_proxy.messages | index($m) != null' <<<"$rec" >/dev/null ||
			fail "no kernel message '$1'"
	}
	msg "lsm_proxy_owner: register_security(): 0"
	msg "lsm_proxy: register_security() of the offered hooks: -$(errno_of EPERM)"
	msg "lsm_proxy: unregister_security() of the offered hooks: -$(errno_of EPERM)"
	msg "lsm_proxy_owner: unregister_security(): 0"
	base=$(jq -r '.guest.lsm' <<<"$rec")
	[[ $(r lsm_with_owner) == "$base,lsm_proxy_owner" ]] || fail "lsm list with the owner: $(r lsm_with_owner)"
	[[ $(r lsm_after_proxy_unregister) == "$base,lsm_proxy_owner" ]] ||
		fail "the refused unregistration changed the list: $(r lsm_after_proxy_unregister)"
	[[ $(r lsm_after_owner_rmmod) == "$base" ]] || fail "lsm list after the owner's unload: $(r lsm_after_owner_rmmod)"
}
