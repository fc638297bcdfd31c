# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# distro: Debian 12's own kernel, as make demo booted it (make distro):
# build/demo/distro.json and distro-table.json.

kit_group distro "demo" \
	distro_table distro_schema distro_as_predicted distro_previous_abi distro_altered \
	distro_third_party distro_package distro_signature distro_probes distro_symbol_get

distro_json=$build/demo/distro.json

# expect_distro FILTER [DESCRIPTION]: FILTER is true of $distro_json.
expect_distro() {
	expect_json "$distro_json" "$@"
}

# load_row NAME: the jq selector of one load.
load_row() {
	select_row loads name "$1"
}

# Debian's table: the exports of security/ and kernel/capability.c, with
# Debian's export types, from the same source version as its kernel.
t_distro_table() {
	local t=$build/demo/distro-table.json
	jq '.kernel, .counts' "$t"
	expect_json_eq "$t" .kernel.versions_match true \
		"linux-source-6.1 and Debian's kernel package are the same version"
	expect_json "$t" '.counts.all > 90 and .counts.non_gpl_may_use < .counts.all' \
		"the table is too small, or has no GPL-only export"
	expect_json_has "$t" '.symbols | map(.symbol)' '"capable"'
	expect_json_eq "$t" '.symbols[] | select(.symbol == "register_security")' empty \
		"register_security, which Debian lacks, is not in the table"
	expect_json_eq "$t" '.symbols[] | select(.symbol == "capable") | .kernels.debian.export' '"EXPORT_SYMBOL"' \
		"capable is open to every module on Debian"
	# Every export type as Debian's own Module.symvers says.
	local headers
	headers=$(location "$(vendor-sdk/debian-modules "$KIT_CACHE")" headers)
	diff <(jq -r '.symbols[] | "\(.symbol)\t\(.kernels.debian.export)"' "$t" | sort) \
		<(awk -F'\t' 'NR == FNR { want[$1] = 1; next } ($2 in want) { print $2 "\t" $4 }' \
			<(jq -r '.symbols[].symbol' "$t") "$headers/Module.symvers" | sort) ||
		fail "an export type differs from Debian's Module.symvers"
}

t_distro_schema() {
	expect_schema distro '.loads[0].group = "other"'
}

# Every load and every probe: what Debian's kernel did is what export-check
# said it would, outcome, taints and the loader's messages.
t_distro_as_predicted() {
	jq -r '.loads[] | "\(.name): \(if .loaded then "loaded" else "refused" end); predicted \(.predicted.verdict)"' \
		"$distro_json"
	expect_distro '.kernel.guest_verdict == "pass" and .kernel.sig_enforce_guest_verdict == "pass"' \
		"both Debian guests passed"
	expect_json_eq "$distro_json" .kernel.guest_cpus 2 "the Debian guest saw two CPUs"
	expect_distro '.loads | all(.observed)' "every load was observed"
	expect_distro '.mismatches == []' "observations differ from export-check: $(jq -c '.mismatches[:3]' "$distro_json")"
}

# Built against the previous ABI's headers: Debian's kernel compares CRCs,
# not the release, and loads it; export-check says so.
t_distro_previous_abi() {
	local prev
	prev=$(jq -r '.kernel.previous_abi // empty' "$distro_json")
	[[ -n $prev ]] || skip "the archive no longer has the previous ABI's headers"
	expect_distro "$(load_row previous) | .loaded and .predicted.loads" \
		"the module built for $prev loads, as predicted"
}

# A changed CRC and changed vermagic flags: refused, at the loader's stage,
# with its message, and export-check says which and why.
t_distro_altered() {
	expect_distro "$(load_row crc) | (.loaded | not)
		and (.kernel_messages | index(\"v4l2loopback: disagrees about version of symbol video_unregister_device\") != null)" \
		"the CRC-altered module was refused for the symbol's version"
	expect_distro "$(load_row vermagic) | (.loaded | not) and (.kernel_messages | map(test(\"version magic\")) | any)
		and .kernel_taint_after == .kernel_taint_before" \
		"the vermagic-altered module was refused before any taint"
	expect_distro "$(load_row vermagic) | .predicted.reasons | map(test(\"built for another kernel: rebuild against this one\")) | any"
}

# Real third-party modules from Debian's archive, built as their dkms.conf
# builds them, load as predicted; the one under a licence that is not
# GPL-compatible taints P.
t_distro_third_party() {
	expect_distro '[.loads[] | select(.group == "third-party")] | length >= 3 and all(.loaded)' \
		"the third-party modules load"
	expect_distro "$(load_row openafs) | .loaded and (.module_taint | index(\"P\") != null)" \
		"openafs, not GPL-compatible, loads and taints P"
}

# A package of two modules: the second refused alone, loaded after the first.
t_distro_package() {
	expect_distro "$(load_row alone) | (.loaded | not) and (.predicted.loads | not)"
	expect_distro "$(load_row pair_provider) | .loaded"
	expect_distro "$(load_row pair_user) | .loaded and .predicted.loads"
}

# module.sig_enforce=1: the unsigned module is refused, before any taint,
# as export-check --sig-enforce said.
t_distro_signature() {
	expect_distro "$(load_row signature) | (.loaded | not) and (.predicted.loads | not)
		and .kernel_taint_after == .kernel_taint_before
		and (.kernel_messages | map(test(\"Loading of unsigned module is rejected\")) | any)"
}

# One probe per export and licence class; the non-GPL ones refused exactly
# where the table says GPL-only.
t_distro_probes() {
	local t=$build/demo/distro-table.json
	jq -r '.probes.summary' "$distro_json"
	expect_json_eq --slurpfile t "$t" "$distro_json" .probes.count '$t[0].counts.all * 4' \
		"one probe per export and licence class"
	expect_json_eq --slurpfile t "$t" "$distro_json" \
		'($t[0].symbols | map({(.symbol): .kernels.debian.non_gpl_may_use}) | add) as $may
		| [.probes.rows[] | select(.class == "proprietary" or .class == "none")
			| select(.loaded != $may[.symbol]) | "\(.symbol) \(.class)"]' '[]' \
		"every non-GPL probe did what Debian's table says"
	expect_distro '[.probes.rows[] | select(.class == "gpl" or .class == "dual") | .loaded] | all' \
		"a GPL-compatible probe was refused"
}

# The run-time rule of 6.1.52 ("modules: only allow symbol_get of
# EXPORT_SYMBOL_GPL modules", in Debian's 6.1.52-1 and so in its 6.1.192
# kernel), in Debian's own kernel: __symbol_get() refuses capable, plain
# EXPORT_SYMBOL, to a GPL module, and gives it ktime_get, GPL-only.
# Debian's headers have no kernel/module/main.c: export-check took the
# rule from their version.h.
t_distro_symbol_get() {
	expect_symbol_get_fixture "$distro_json" "$(load_row fx_symbol_get)"
}
