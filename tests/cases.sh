# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# cases: the cases vendors meet (example-modules/cases/cases.tsv: the case
# modules and the SDK's fixtures), as make demo built them against the
# patched kernel and its guest loaded them: build/demo/cases.json.

kit_group cases "demo" \
	cases_built cases_schema cases_as_predicted cases_check_sees_differences cases_shim cases_importer \
	cases_pair cases_fixtures

cases_json=$build/demo/cases.json

# expect_case FILTER [DESCRIPTION]: FILTER is true of $cases_json.
expect_case() {
	expect_json "$cases_json" "$@"
}

# case_row MODULE: the jq selector of one case.
case_row() {
	select_row cases module "$1"
}

# Every case module builds, but the one modpost must refuse.
t_cases_built() {
	jq -r '.cases[] | "\(.module): built=\(.built)"' "$cases_json"
	expect_case '[.cases[] | select(.module != "no_license") | .built] | all' "every other case builds"
	expect_case "$(case_row no_license) | .built == false
		and (.build_messages | map(test(\"^ERROR: modpost: missing MODULE_LICENSE\\\\(\\\\) in \")) | any)" \
		"no_license is refused by modpost for its missing MODULE_LICENSE()"
}

# cases.json conforms to its schema, which rejects a damaged copy.
t_cases_schema() {
	expect_schema cases '.cases[0].loaded_as = "carried"'
}

# What the guest saw is what export-check predicted, for every loaded case.
t_cases_as_predicted() {
	jq -r '.cases[] | select(.observed) | "\(.module): loaded=\(.loaded) taint=\(.module_taint // [] | join(""))"
		+ " predicted loads=\(.predicted.loads) taints=\(.predicted.taints | join(""))"' "$cases_json"
	expect_case '.kernel.guest_verdict == "pass" and .kernel.guest_cpus == 2' "the cases guest passed on 2 CPUs"
	expect_case '[.cases[] | select(.loaded_as != "none") | .observed] | all' "every case was loaded"
	expect_case '[.cases[] | .as_predicted != false] | all' "every observation as export-check predicted"
}

# The one comparison of a guest's load with export-check's prediction
# (results/observed.jq check: the matrix, the cases and Debian's kernels
# use it) sees each way the two can differ.  The real records of two loads
# of the cases guest agree with their predictions; the same records with
# the exit status, the module's taint or the kernel's taint after changed,
# a line the loader printed taken away or one it did not print added, do
# not.
t_cases_check_sees_differences() {
	local tree records predicted flags formats change
	tree=$(kdir patched)
	records=$logs/cases-records.json predicted=$logs/cases-predicted.json formats=$logs/cases-formats.json
	results/guest-records "$build/demo/cases/channel.log" >"$records"
	"$build/bin/export-check" --json --kernel "$tree" "$build/modules/cases" >"$predicted" || [[ $? == 1 ]] ||
		fail "export-check failed on the cases"
	flags=$("$build/bin/export-check" --taint-flags --kernel "$tree")
	results/loader-formats "$tree" >"$formats"
	# check_of NAME CHANGE: as_predicted of NAME's records after the jq CHANGE.
	check_of() {
		jq -n -L results --arg n "$1" --arg flags "$flags" --slurpfile r "$records" \
			--slurpfile p "$predicted" --slurpfile f "$formats" \
			"import \"observed\" as obs;
			 obs::check(\$r[0][\$n] | $2; \$p[0].modules[] | select(.name == \$n);
				    obs::taint_letters_of(\$flags); \$f[0]) | .as_predicted"
	}
	[[ $(check_of gpl_importer .) == true && $(check_of prop_exporter .) == true ]] ||
		fail "the real loads of gpl_importer and prop_exporter do not agree with their predictions"
	for change in '.insmod_exit = "0"' '.messages = []' \
		'.messages += ["gpl_importer: Unknown symbol no_such_symbol (err -2)"]' \
		'.taint_after = (.taint_after | tonumber | if . % 1024 >= 512 then . - 512 else . + 512 end | tostring)'; do
		[[ $(check_of gpl_importer "$change") == false ]] || fail "gpl_importer, $change: the check did not see it"
	done
	[[ $(check_of prop_exporter '.module_taint = "OE"') == false ]] ||
		fail "prop_exporter with module taint OE: the check did not see it"
	echo "the check tells each of 5 changed records from the real ones"
}

# The shim: the loader cannot see intent; both load and the hook works;
# export-check warns of the shim and of its user.
t_cases_shim() {
	expect_case "$(case_row gpl_shim) | .loaded"
	expect_case "$(case_row proprietary_via_shim) | .loaded and .module_taint == [\"P\", \"O\", \"E\"]
		and .evidence.mkdir_denied_exit == \"1\"" \
		"the proprietary module loads and works through the shim"
	expect_case "$(case_row gpl_shim) | .predicted.warnings | map(test(\"GPL shim\")) | any" \
		"export-check flags the shim"
	expect_case "$(case_row proprietary_via_shim) | .predicted.warnings | map(test(\"re-exports\")) | any" \
		"export-check flags the shim's user"
}

# GPL-only symbols plus a proprietary module's symbol: refused (5.9+).  It
# resolves prop_helper first (symbol-table order), inherits taint P, and is
# then refused the GPL-only symbol; export-check says so the same way.
t_cases_importer() {
	expect_case "$(case_row prop_exporter) | .loaded"
	expect_json_eq "$cases_json" "$(case_row gpl_importer) | .loaded" false
	expect_case "$(case_row gpl_importer) | .kernel_messages
		| index(\"gpl_importer: module uses symbols prop_helper from proprietary module prop_exporter, inheriting taint.\") != null"
	expect_case "$(case_row gpl_importer) | .kernel_messages
		| index(\"gpl_importer: Unknown symbol securityfs_remove (err -2)\") != null"
	expect_case "$(case_row gpl_importer) | .predicted.reasons
		| index(\"uses GPL-only symbol securityfs_remove (EXPORT_SYMBOL_GPL in vmlinux), refused after inheriting taint P from prop_exporter\") != null" \
		"export-check predicts the refusal as the kernel made it"
}

# Two modules of one package: the second loads only after the first, as
# export-check's load order for the whole directory says.
t_cases_pair() {
	local order
	expect_case "$(case_row pair_user) | .evidence.alone_insmod_exit != \"0\"" \
		"pair_user alone is refused"
	expect_case "$(case_row pair_provider) | .loaded" "pair_provider loads"
	expect_case "$(case_row pair_user) | .loaded and .module_taint == [\"P\", \"O\", \"E\"]" \
		"pair_user loads after pair_provider, tainting P"
	order=$("$build/bin/export-check" --json --kernel "$(kdir patched)" \
		"$build/modules/cases/pair_user/pair_user.ko" "$build/modules/cases/pair_provider/pair_provider.ko" |
		jq -r '.load_order | join(" ")')
	echo "load order: $order"
	[[ $order == "pair_provider pair_user" ]] || fail "export-check's load order is '$order'"
}

# What the kernel itself said about the licence tricks export-check warns of.
t_cases_fixtures() {
	expect_case "$(case_row fx_nul_gpl) | .loaded and .module_taint == [\"O\", \"E\"]" \
		"the kernel took \"GPL\\\\0...\" as GPL"
	expect_case "$(case_row driverloader) | .kernel_messages
		| index(\"driverloader: Unknown symbol securityfs_remove (err -2)\") != null" \
		"driverloader was refused securityfs_remove"
	expect_case "$(case_row fx_ns_missing) | .kernel_messages
		| map(test(\"uses symbol \\\\(crypto_cipher_setkey\\\\) from namespace CRYPTO_INTERNAL, but does not import it\")) | any" \
		"the kernel refused the namespace"
	expect_case "$(case_row fx_ns_import) | .loaded"
	expect_case "$(case_row fx_case_gpl) | .loaded and (.module_taint | index(\"P\") != null)" \
		"MODULE_LICENSE(\"gpl\") taints P"
	expect_symbol_get_fixture "$cases_json" "$(case_row fx_symbol_get)"
}
