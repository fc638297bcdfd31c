# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# matrix.json from the demo's guests: one program, run once by
# results/collect-matrix with jq -n and these named arguments (K is
# baseline or patched):
#   classes      harness/licence-classes.tsv, as text
#   probes       the probes' probes.tsv (harness/make-probes), as text
#   records_K    K's guest records (results/guest-records)
#   predicted_K  export-check's JSON for the probes against K
#   formats_K    results/loader-formats of K's source
include "probes";

$ARGS.named as $in
| licence_classes($in.classes) as $classes
| probe_list($in.probes) as $probes
| def rows($k): ($in["predicted_\($k)"][0] | by_probe) as $p
	| $probes | map({kernel: $k} + probe_row($in["records_\($k)"][0]; $p; $classes; $in["formats_\($k)"][0]));
  rows("baseline") as $b | rows("patched") as $p
  | ($b + $p) as $rows
  | {schema: "lsm-export-kit/matrix/1",
     method: "one probe per symbol and licence class, built against the baseline and loaded into both kernels, one boot each; the proprietary and unlicensed probes are built under a GPL-compatible placeholder and their licence string rewritten in the .ko, since modpost will not write them",
     symbols: ($b | map(.symbol) | unique | length),
     rows: $rows,
     summary: ($rows | group_by(.kernel) | map({(.[0].kernel): (group_by(.class)
	| map({(.[0].class): {loaded: map(select(.loaded)) | length,
			      refused: map(select(.loaded | not)) | length}}) | add)}) | add),
     changed: [range(0; $b | length) as $i | select($b[$i].loaded != $p[$i].loaded)
	| {symbol: $b[$i].symbol, class: $b[$i].class,
	   baseline: (if $b[$i].loaded then "loads" else "refused" end),
	   patched: (if $p[$i].loaded then "loads" else "refused" end),
	   patched_says: $p[$i].kernel_messages}],
     mismatches: [$rows[] | select(.as_predicted | not)
	| {kernel, symbol, class, loaded, predicted_loads, module_taint, predicted_taints,
	   missing_messages, unpredicted_messages}]}
