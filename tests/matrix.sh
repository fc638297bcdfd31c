# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
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
	expect_json_eq --argjson n "$n" "$matrix" \
		'{symbols, rows: (.rows | length), unobserved: [.rows[] | select(.observed | not) | row_name]}' \
		'{symbols: $n, rows: ($n * 8), unobserved: []}' "the matrix covers every symbol x class x kernel"
	expect_json_eq "$matrix" '.mismatches[:3], [.rows[] | select(.as_predicted | not) | row_name]' '[], []' \
		"observations as export-check predicted"
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
		expect_json_match --arg s "$s" "$matrix" \
			'.rows[] | select(.kernel == "patched" and .symbol == $s and .class == "proprietary") | .kernel_messages' \
			'": Unknown symbol \($s) \\(err -2\\)$"' "the patched kernel said Unknown symbol $s"
	done
}

t_matrix_licence_rules() {
	# GPL-compatible probes: refused only where the kernel exports nothing.
	expect_json_eq --slurpfile t "$build/demo/table.json" "$matrix" '
		($t[0].symbols | map({(.symbol): .kernels}) | add) as $exp
		| [.rows[] | select(.class == "gpl" or .class == "dual")
			| select(.loaded != ($exp[.symbol][.kernel].export != null)) | row_name]' '[]' \
		"every GPL-compatible probe loaded exactly where its symbol is exported"
	expect_json_eq "$matrix" '[.rows[] | select(.symbol == "capable") | .loaded]' '[range(8) | true]' \
		"capable is open to every licence in both kernels"
	# Non-GPL probes: refused exactly where the table says GPL-only.
	expect_json_eq --slurpfile t "$build/demo/table.json" "$matrix" '
		($t[0].symbols | map({(.symbol): .kernels}) | add) as $exp
		| [.rows[] | select(.class == "proprietary" or .class == "none")
			| select(.loaded != $exp[.symbol][.kernel].non_gpl_may_use) | row_name]' '[]' \
		"every non-GPL probe did what the permission table says"
	expect_json_eq "$matrix" '[.rows[] | select((.class == "proprietary" or .class == "none") and .loaded)
		| select(.module_taint | index("P") == null) | row_name]' '[]' "every loaded non-GPL probe tainted P"
}

# security_hook_heads, the built-in hook lists, is exported by neither
# kernel (issue 30): every probe of it, of every licence, is refused, and
# the loader says why.
t_matrix_hook_heads_unlinkable() {
	local rows
	rows=$(jq -c '[.rows[] | select(.symbol == "security_hook_heads")]' "$matrix")
	jq -r '.[] | "\(.kernel) \(.class) loaded=\(.loaded)"' <<<"$rows"
	expect_json_eq - 'map(.loaded)' '[range(8) | false]' "8 refused probes of security_hook_heads" <<<"$rows"
	expect_json_eq - 'map(select(.kernel_messages | map(test(": Unknown symbol security_hook_heads \\(err -2\\)$"))
		| any | not) | row_name)' '[]' "every kernel said Unknown symbol security_hook_heads" <<<"$rows"
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
	# Each class's copy of a symbol's module carries its own name, as kmod
	# reads it (the guest's /sys/module/NAME shows the loader's).
	local name bad=0
	while IFS=$'\t' read -r name _; do
		[[ $(modinfo -F name "$p/$name.ko") == "$name" ]] || bad=$((bad + 1))
	done <"$p/probes.tsv"
	((bad == 0)) || fail "$bad probes do not carry their own name"
}
