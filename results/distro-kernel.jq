# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# One of Debian's kernels in distro.json, from its distro guests: run by
# results/collect-distro, once a kernel, with jq -n and these named
# arguments (results/distro.jq puts the kernels together):
#   id, proof     the kernel's line of debian-kernels.tsv
#   plan          plan.tsv and plan-sig.tsv of harness/make-distro, as text
#   taint_flags   export-check --taint-flags, as text
#   loader_formats         results/loader-formats of the kernel's source
#   records, records_sig   the two guests' records (results/guest-records;
#                 records_sig null when the kernel had no such guest)
#   predicted_N   export-check's JSON for load N of the plan
#   predicted_probes       export-check's JSON for the probes
#   classes, probes        harness/licence-classes.tsv and probes.tsv
#   table         distro-tables/ID.json
#   verdict, sig_verdict ("" if none), previous_abi
include "distro-load";
include "probes";
include "text";
import "observed" as obs;

$ARGS.named as $in
| obs::taint_letters_of($in.taint_flags) as $letters
| $in.records[0] as $g
| def load_row($l):
	$l[0] as $name | $l[1] as $file
	| (if $name == "signature" then $in.records_sig[0] else $g end) as $records
	| ($in["predicted_\($name)"][0].modules | map(select(.file | endswith("/" + $file))) | .[0]) as $p
	| {kernel: $in.id, name: $name, file: $file, group: $l[2], what: $l[3], "module": $p.name,
	   license: $p.license}
	+ observed($records[$name] // {}; $p; $letters; $in.loader_formats[0]);
  [$in.plan | table[] | load_row(.)] as $loads
  | (($in.predicted_probes[0] | by_probe) as $p
     | probe_list($in.probes) | map({kernel: $in.id} + probe_row($g; $p; licence_classes($in.classes); $in.loader_formats[0]))) as $pr
  | {kernel: ($in.table[0].kernel + {status: "booted", proof: $in.proof,
	previous_abi: (if $in.previous_abi == "" then null else $in.previous_abi end),
	guest_verdict: $in.verdict,
	sig_enforce_guest_verdict: (if $in.sig_verdict == "" then null else $in.sig_verdict end),
	guest_cpus: ($g.guest.nproc // "0" | tonumber),
	guest_lsms: ($g.guest.lsm // "" | split(",") | map(select(length > 0)))}),
     table: $in.table[0].counts,
     loads: $loads,
     probes: {count: ($pr | length),
	      summary: ($pr | group_by(.class) | map({(.[0].class): {loaded: map(select(.loaded)) | length,
		refused: map(select(.loaded | not)) | length}}) | add),
	      refused_non_gpl: [$pr[] | select(.loaded | not) | select(.class == "proprietary") | .symbol],
	      rows: $pr},
     mismatches: ([$loads[] | select(.as_predicted | not) | {kernel, name, loaded, predicted: .predicted.verdict,
		module_taint, kernel_taint_after, missing_messages, unpredicted_messages}]
	+ [$pr[] | select(.as_predicted | not) | {kernel, name: .probe, loaded, predicted: .predicted_loads,
		module_taint, missing_messages, unpredicted_messages}])}
