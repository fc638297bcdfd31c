# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# cases.json from the cases guest: one program, run once by
# results/collect-cases with jq -n and these named arguments (M a module
# of example-modules/cases/cases.tsv):
#   cases             cases.tsv, as text
#   predicted         export-check's JSON for the modules together
#   records           the guest's records (results/guest-records)
#   verdict, release  the guest run's verdict, the kernel's release
#   taint_flags       export-check --taint-flags of the kernel, as text
#   loader_formats    results/loader-formats of the kernel's source
#   built_M, license_M, build_log_M   M's build: yes or no, its first
#                     licence (empty if none), its log
include "text";
import "observed" as obs;

$ARGS.named as $in
| $in.records[0] as $g
| $in.predicted[0] as $pred
| obs::taint_letters_of($in.taint_flags) as $letters
| $in.loader_formats[0] as $formats
| def case_row($c):
	$c[0] as $m
	| ($g[$m] // {}) as $o
	| ($pred.modules | map(select(.name == $m)) | .[0]) as $p
	| {"module": $m, source: $c[1], uses: (if $c[2] == "-" then [] else $c[2] | split(",") end),
	   loaded_as: $c[3], what: $c[4],
	   license: ($in["license_\($m)"] | if . == "" then null else . end),
	   built: ($in["built_\($m)"] == "yes"),
	   build_messages: ($in["build_log_\($m)"] | split("\n") | map(select(test("ERROR:|WARNING:|error:")))
		| map(sub("^ *"; "") | sub(" in /[^ ]*/"; " in "))),
	   observed: ($o.insmod_exit != null),
	   loaded: (if $o.insmod_exit then $o.insmod_exit == "0" else null end),
	   insmod_exit: ($o.insmod_exit // null | if . then tonumber else . end),
	   module_taint: ($o.module_taint // null | if . then split("") else . end),
	   kernel_messages: ($o.messages // []),
	   # The load-plan's other steps about M: mkdir_denied_exit, and the
	   # try of M alone before its package's other module.
	   evidence: (($o | with_entries(select(.key | startswith("mkdir_"))))
		+ (if $g["\($m):alone"] then {alone_insmod_exit: $g["\($m):alone"].insmod_exit} else {} end)),
	   predicted: (if $p then $p | {verdict, loads, taints, reasons, warnings, symbol_get} else null end)}
	| (if .observed and $p then obs::check($o; $p; $letters; $formats) else null end) as $checked
	| . + {missing_messages: ($checked.missing_messages // []),
	       unpredicted_messages: ($checked.unpredicted_messages // []),
	       as_predicted: $checked.as_predicted};
  {schema: "lsm-export-kit/cases/1",
   kernel: {name: "patched", release: $in.release, guest_verdict: $in.verdict,
	    guest_cpus: ($g.guest.nproc // "0" | tonumber),
	    gpl_compatible_licenses: $pred.kernel.gpl_compatible_licenses},
   cases: [$in.cases | table[] | case_row(.)]}
