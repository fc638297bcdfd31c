# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# demo: make demo, and the example modules as it loaded them.

kit_group demo "kernels" \
	demo_runs demo_guests_passed demo_as_expected \
	modpost_refuses_proprietary_lsm proprietary_lsm_loads_on_baseline \
	proprietary_lsm_refused_on_patched gpl_and_dual_work_on_both \
	proprietary_capable_loads_on_both unload_removes_hooks results_format \
	demo_messages_are_the_modules results_rebuilt_offline
kit_fixture demo "$results"

t_demo_runs() {
	rm -f "$results"
	make demo
	[[ -s $results && -s $build/demo/results.ktap ]] || fail "demo wrote no results"
}

t_demo_guests_passed() {
	expect_jq_eq '.kernels.baseline.guest_verdict' '"pass"' "baseline guest run passed"
	expect_jq_eq '.kernels.patched.guest_verdict' '"pass"' "patched guest run passed"
	expect_jq '[.loads[] | select(.kind == "insmod")] | length == 8 and all(.observed)' \
		"8 insmod rows, each observed in the guest"
	# The examples ran beside a distribution's LSMs, on two CPUs.
	expect_jq '.kernels | all(.guest_cpus == 2)' "each guest saw two CPUs"
	expect_jq '.kernels | all(.guest_lsms | index("apparmor") != null and index("yama") != null)' \
		"AppArmor and Yama were active in each guest"
}

t_demo_as_expected() {
	jq -r '.loads[] | "\(.kernel) \(.module) expected=\(.expected) as_expected=\(.as_expected)"' "$results"
	expect_jq '.loads | all(.as_expected)' "every row as expected-outcomes.tsv says"
}

t_modpost_refuses_proprietary_lsm() {
	local log=$build/modules/patched/proprietary_lsm/build.log
	expect_grep "$log" "ERROR: modpost: GPL-incompatible module proprietary_lsm.ko uses GPL-only symbol 'register_security'"
	[[ ! -f $build/modules/patched/proprietary_lsm/proprietary_lsm.ko ]] ||
		fail "a proprietary_lsm.ko was written against the patched tree"
	expect_jq_eq "$(row patched proprietary_lsm) | .built" false
	expect_jq_eq "$(row baseline proprietary_lsm) | .built" true
	expect_jq "[.loads[] | select(.module != \"proprietary_lsm\") | .built] | all" \
		"every other module builds against both kernels"
}

t_proprietary_lsm_loads_on_baseline() {
	local r
	r=$(row baseline proprietary_lsm)
	expect_jq "$r | .loaded and .insmod_exit == 0"
	expect_jq "$r | .kernel_messages | index(\"proprietary_lsm: module license 'Proprietary' taints kernel.\") != null"
	expect_jq "$r | .taint | index(\"P\") != null" "taint P"
	expect_jq "$r | .kernel_taint.flags | index(\"P\") != null" "kernel taint P"
	expect_jq "$r | .lsm_listed and .hook_effective"
	expect_jq_eq "$r | .hook_evidence.mkdir_denied_error" '"Operation not permitted"'
}

t_proprietary_lsm_refused_on_patched() {
	local r
	r=$(row patched proprietary_lsm)
	expect_jq "$r | .loaded == false and .insmod_exit != 0"
	expect_jq "$r | .kernel_messages | index(\"proprietary_lsm: Unknown symbol register_security (err -2)\") != null" \
		"the kernel says Unknown symbol register_security"
	expect_jq "$r | .insmod_output | test(\"unknown symbol in module\"; \"i\")"
	expect_jq "$r | .lsm_listed == false and .hook_effective == false"
	expect_jq_eq "$r | .hook_evidence.mkdir_denied_exit" '"0"' "mkdir of the denied name succeeds"
	expect_jq "$r | .taint | index(\"P\") != null" "the refused load still taints P"
}

t_gpl_and_dual_work_on_both() {
	local k m
	for k in baseline patched; do
		for m in gpl_lsm dual_lsm; do
			expect_jq "$(row "$k" "$m") | .loaded and .lsm_listed and .hook_effective" "$k $m works"
			expect_jq_eq "$(row "$k" "$m") | .taint | index(\"P\")" null "$k $m does not taint P"
		done
	done
	expect_jq_eq "$(row patched gpl_lsm) | .license" '"GPL"'
	expect_jq_eq "$(row patched dual_lsm) | .license" '"Dual BSD/GPL"'
}

t_proprietary_capable_loads_on_both() {
	local k
	for k in baseline patched; do
		expect_jq "$(row "$k" proprietary_capable) | .loaded and .hook_effective" "$k: loads, capable() answers"
		expect_jq_eq "$(row "$k" proprietary_capable) | .hook_evidence.admin" '"Y"'
		expect_jq "$(row "$k" proprietary_capable) | .taint | index(\"P\") != null" "$k: taints P"
	done
}

t_unload_removes_hooks() {
	expect_jq '[.loads[] | select(.loaded and .module_kind == "lsm")] | length == 8' \
		"8 LSM loads: insmod 3 on baseline, 2 on patched; dkms 2 on baseline, 1 on patched"
	expect_jq '[.loads[] | select(.loaded and .module_kind == "lsm") | .unloaded and .hook_removed_after_unload] | all' \
		"every loaded LSM unloads and its hook is gone"
	expect_jq '[.loads[] | select(.loaded and .module_kind == "lsm") | . as $r
		| $r.unload_messages | index("LSM: \($r.module): unregistered") != null] | all' \
		"the kernel logs each unregistration"
}

t_results_format() {
	local ktap=$build/demo/results.ktap
	expect_jq '.loads | all(has("kernel") and has("module") and has("license") and has("built")
		and has("loaded") and has("kernel_messages") and has("taint") and has("hook_effective"))' \
		"every row has the documented fields"
	expect_jq '.loads | all((.kernel_messages | type) == "array" and (.taint | type) == "array")'
	[[ $(head -n 2 "$ktap") == $'KTAP version 1\n1..14' ]] || fail "KTAP header"
	[[ $(grep -c '^ok ' "$ktap") == 14 ]] || fail "KTAP: not 14 ok lines (8 insmod, 6 dkms)"
	expect_jq '.kernels | all(.timings | .guest_seconds > 0 and .dkms_guest_seconds > 0
		and .examples_seconds >= 0 and .probes_seconds > 0)' "the guests' timings are recorded"
}

# A row's kernel messages are about its module: the loader's lines and its
# own, nothing else the kernel said meanwhile; a module that was never
# loaded has none.
t_demo_messages_are_the_modules() {
	jq -r '.loads[] | "\(.kind) \(.kernel) \(.module):", (.kernel_messages[] | "  \(.)")' "$results"
	expect_jq '[.loads[] | . as $r | .kernel_messages[] | test("\\b\($r.module)\\b")] | all' \
		"every kernel message names its module"
	expect_jq_eq '[.loads[] | .kernel_messages[] | select(test("clocksource|crng init"))]' '[]' \
		"clocksource and crng lines are nobody's"
	expect_jq '[.loads[] | select(.kind == "dkms" and .install_result != "installed") | .kernel_messages == []] | all' \
		"a dkms package that did not install has no load messages"
}

# make results writes every result file of the demo again from the
# guests' records, the same bytes, and boots nothing: no guest's console
# log is written again.  Its fixture is the demo's last run, whole: a
# guest run since (demo_interrupted's) has other records.
t_results_rebuilt_offline() {
	local before=$logs/results-before f
	for f in "$build"/demo/*/channel.log; do
		[[ ! $f -nt $results ]] ||
			skip "$f is newer than the demo's results: run tests/run demo first"
	done
	rm -rf "$before"
	mkdir -p "$before"
	cp "$build"/demo/*.{json,ktap,md} "$before/"
	touch -r "$build/demo/baseline/console.log" "$before/.console-stamp"
	make -s results >"$logs/make-results.out" 2>&1 || fail "make results failed: $(tail -n 3 "$logs/make-results.out")"
	for f in "$before"/*; do
		if [[ ${f##*/} == debian-modules.json ]]; then
			# It says how long export-check took this time.
			cmp -s <(jq -S 'del(.seconds)' "$f") <(jq -S 'del(.seconds)' "$build/demo/${f##*/}")
		else
			cmp -s "$f" "$build/demo/${f##*/}"
		fi || fail "make results wrote ${f##*/} otherwise than the demo"
	done
	[[ ! $build/demo/baseline/console.log -nt $before/.console-stamp ]] || fail "make results booted a guest"
	echo "$(find "$before" -type f ! -name '.*' | wc -l) result files written again, the same"
}
