# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# debug: make test-debug, the patched kernel under lockdep and KASAN.

kit_group debug "kernels" \
	debug_kernel_config debug_lifetime_stress debug_unload_independent \
	debug_third_party_refused

t_debug_kernel_config() {
	local t o
	t=$(kdir debug)
	for o in CONFIG_KASAN=y CONFIG_PROVE_LOCKING=y CONFIG_PROVE_RCU=y CONFIG_DEBUG_LIST=y \
		CONFIG_DEBUG_OBJECTS=y CONFIG_SECURITY_LOADABLE_LSM=y; do
		grep -qx "$o" "$t/.config" || fail "debug kernel lacks $o"
	done
}

# DEBUG_CYCLES (default 1000) cycles of load, register, hooks firing from
# three processes, unregister and unload, then as many of the race of
# t_api_register_race; any lockdep, KASAN, list-debug or RCU report on the
# console fails the run (harness/run-guest).  Twice: with AppArmor as the
# major LSM (the config's order) and with SELinux (lsm= on the command
# line), on two CPUs.
t_debug_lifetime_stress() {
	local out=$build/tests/debug cycles=${DEBUG_CYCLES:-1000} rec start major order
	scripts/build-modules "$(kdir debug)" "$out/modules" tests/modules/lsm_api_test tests/modules/lsm_race
	echo "$cycles" >"$out/cycles"
	for major in apparmor selinux; do
		order=
		[[ $major == selinux ]] && order="lsm=landlock,lockdown,yama,integrity,selinux"
		start=$SECONDS
		mkdir -p "$out/$major"
		# loglevel=5: warnings and worse reach the console, where they are judged.
		# --tcg-single: keys flip while the hammers run (harness/run-guest).
		rec=$(guest debug "$out/$major" tests/guest/lifetime-stress.sh --timeout 3600 --tcg-single \
			--append "loglevel=5 $order" "$out/cycles" "$out/modules/lsm_api_test/lsm_api_test.ko" \
			"$out/modules/lsm_race/lsm_race.ko" "$out/modules/lsm_race/lsm_race_owner.ko" \
			tests/guest/owner-cycle.sh)
		jq . <<<"$rec"
		echo "$major: $cycles cycles in $(fmt_secs $((SECONDS - start)))"
		expect_two_cpus "$rec"
		s() { jq -r --arg k "$1" '.stress[$k] // "missing"' <<<"$rec"; }
		expect_json_has --arg m "$major" - '.guest.lsm | split(",")' '$m' "$major is active" <<<"$rec"
		(($(s kasan) > 0)) || fail "KASAN did not announce itself"
		(($(s lockdep) > 0)) || fail "lockdep did not announce itself"
		[[ $(s cycles) == "$cycles" ]] || fail "not all $cycles cycles ran"
		[[ $(s failures) == 0 ]] || fail "some loads or unloads failed"
		(($(s mkdirs) > 0)) || fail "the hooks were not exercised"
		[[ $(s race_cycles) == "$cycles" ]] || fail "not all $cycles race cycles ran"
		[[ $(s race_failures) == 0 ]] || fail "a race load or unload failed"
		[[ $(s race_outcomes) == "registered "[1-9]* ]] || fail "the race registered nothing"
		# As in t_api_register_race: hook calls held open as the owner went.
		[[ $(s owner_outcomes) =~ ^unloads\ $cycles\ .*\ other\ 0\ slept\ [1-9][0-9]*$ ]] ||
			fail "lsm_race_owner: '$(s owner_outcomes)'"
	done
}

# t_api_unload_independent on the debug kernel: a module unloaded while
# another's hook is blocked, and the blocked module's own unload, under
# KASAN and lockdep (a report on the console fails the guest).
t_debug_unload_independent() {
	check_unload_independent debug "$build/tests/debug-unload-independent"
}

# t_api_third_party_refused on the debug kernel.
t_debug_third_party_refused() {
	check_third_party_refused debug "$build/tests/debug-third-party"
}
