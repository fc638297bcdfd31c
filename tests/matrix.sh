# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# matrix: every LSM export x licence class x kernel, as the demo's guests
# loaded the probes.

kit_group matrix "demo" \
	matrix_complete matrix_changed_rows matrix_licence_rules matrix_hook_heads_unlinkable \
	matrix_probe_licences results_schemas

matrix=$build/demo/matrix.json

t_matrix_complete() {
	local n
	n=$(jq '.symbols | length' "$build/demo/table.json")
	echo "$n symbols in the table"
	jq -e --argjson n "$n" '.symbols == $n and (.rows | length) == $n * 8 and (.rows | all(.observed))' \
		"$matrix" >/dev/null || fail "the matrix does not cover every symbol x class x kernel"
	jq -e '.mismatches == [] and (.rows | all(.as_predicted))' "$matrix" >/dev/null ||
		fail "observations differ from export-check: $(jq -c '.mismatches[:3]' "$matrix")"
	jq -r '.summary' "$matrix"
}

t_matrix_changed_rows() {
	local got want s
	got=$(jq -r '.changed[] | "\(.symbol) \(.class) \(.baseline) \(.patched)"' "$matrix" | sort)
	want=$(for s in register_security unregister_security; do
		echo "$s none loads refused"
		echo "$s proprietary loads refused"
	done | sort)
	echo "$got"
	[[ $got == "$want" ]] || fail "changed rows are not the registration exports for non-GPL licences"
	for s in register_security unregister_security; do
		jq -e --arg s "$s" '.rows[] | select(.kernel == "patched" and .symbol == $s and .class == "proprietary")
			| .kernel_messages | map(test(": Unknown symbol \($s) \\(err -2\\)$")) | any' "$matrix" >/dev/null ||
			fail "the patched kernel did not say Unknown symbol $s"
	done
}

t_matrix_licence_rules() {
	# GPL-compatible probes: refused only where the kernel exports nothing.
	jq -e --slurpfile t "$build/demo/table.json" '
		($t[0].symbols | map({(.symbol): .kernels}) | add) as $exp
		| [.rows[] | select(.class == "gpl" or .class == "dual")
			| .loaded == ($exp[.symbol][.kernel].export != null)] | all' "$matrix" >/dev/null ||
		fail "a GPL-compatible probe did not load exactly where its symbol is exported"
	jq -e '[.rows[] | select(.symbol == "capable") | .loaded] | all and length == 8' "$matrix" >/dev/null ||
		fail "capable is not open to every licence in both kernels"
	# Non-GPL probes: refused exactly where the table says GPL-only.
	jq -e --slurpfile t "$build/demo/table.json" '
		($t[0].symbols | map({(.symbol): .kernels}) | add) as $exp
		| [.rows[] | select(.class == "proprietary" or .class == "none")
			| .loaded == $exp[.symbol][.kernel].non_gpl_may_use] | all' "$matrix" >/dev/null ||
		fail "a non-GPL probe did not do what the permission table says"
	jq -e '[.rows[] | select((.class == "proprietary" or .class == "none") and .loaded)
		| .module_taint | index("P") != null] | all' "$matrix" >/dev/null ||
		fail "a loaded non-GPL probe did not taint P"
}

# security_hook_heads, the built-in hook lists, is exported by neither
# kernel (issue 30): every probe of it, of every licence, is refused, and
# the loader says why.
t_matrix_hook_heads_unlinkable() {
	local rows
	rows=$(jq -c '[.rows[] | select(.symbol == "security_hook_heads")]' "$matrix")
	jq -r '.[] | "\(.kernel) \(.class) loaded=\(.loaded)"' <<<"$rows"
	jq -e 'length == 8 and (map(.loaded) | any | not)' <<<"$rows" >/dev/null ||
		fail "not 8 refused probes of security_hook_heads"
	jq -e 'map(.kernel_messages | map(test(": Unknown symbol security_hook_heads \\(err -2\\)$")) | any) | all' \
		<<<"$rows" >/dev/null || fail "a kernel did not say Unknown symbol security_hook_heads"
}

# results.json and matrix.json conform to the schemas in the repo, which
# are strict enough to reject a damaged copy.
t_results_schemas() {
	expect_schema results '.loads[0].taint = "P"'
	expect_schema matrix '.rows[0].class = "other"'
	[[ $(grep -c '^ok' "$build/demo/matrix.ktap") == 2 ]] || fail "matrix.ktap: not 2 ok kernels"
}

# The proprietary and unlicensed probes carry exactly the licence they claim.
t_matrix_probe_licences() {
	local p=$build/demo/probes
	[[ $(modinfo -F license "$p/lp000_proprietary.ko") == Proprietary ]] || fail "proprietary probe licence"
	[[ -z $(modinfo -F license "$p/lp000_none.ko") ]] || fail "unlicensed probe has a licence"
	[[ $(modinfo -F license "$p/lp000_dual.ko") == "Dual BSD/GPL" ]] || fail "dual probe licence"
	! grep -qaF "Dual MIT/GPL" "$p"/lp*_proprietary.ko "$p"/lp*_none.ko || fail "placeholder left in a probe"
}
