# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# results.json from what the demo observed: one program, run once by
# results/collect-demo with jq -n and these named arguments (kernel K is
# baseline or patched, module M one of example-modules/modules.tsv):
#   modules, expected, dkms_expected, plan   the kit's tables, as text
#   kit_kernel_K      the tree's kit-kernel.txt
#   taint_flags_K     export-check --taint-flags of the tree
#   records_K, dkms_records_K   the guests' records (results/guest-records)
#   verdict_K, seconds_K, dkms_verdict_K, dkms_seconds_K   the guest runs
#   built_K_M, build_log_K_M    the build of M against K
#   license_M         modinfo -F license of the baseline-built M
include "observed";
include "text";

def letters: if . == "-" then [] else split("") end;
def number_or_null: tonumber? // null;

$ARGS.named as $in
| def arg($name): $in[$name];
  def records($name): $in[$name][0];
  def taint_letters($k): taint_letters_of(arg("taint_flags_\($k)"));
  def taint_meanings($k): taint_meanings_of(arg("taint_flags_\($k)"));
  def licence($m): arg("license_\($m)") | lines;
  def between($g; $from; $to):
	($g.guest[$from] // null) as $a | ($g.guest[$to] // null) as $b
	| if $a and $b then ($b | tonumber) - ($a | tonumber) else null end;

  def kernel_info($k):
	(arg("kit_kernel_\($k)") | lines | map(capture("^(?<k>[a-z]+): (?<v>.*)$"))) as $kv
	| records("records_\($k)") as $g
	| {release: ($kv | map(select(.k == "release")) | .[0].v),
	   source: ($kv | map(select(.k == "source")) | .[0].v),
	   patches: ($kv | map(select(.k == "patch") | .v)),
	   guest_verdict: arg("verdict_\($k)"), dkms_guest_verdict: arg("dkms_verdict_\($k)"),
	   guest_cpus: ($g.guest.nproc // "0" | tonumber),
	   guest_lsms: ($g.guest.lsm // "" | split(",") | map(select(length > 0))),
	   timings: {guest_seconds: (arg("seconds_\($k)") | number_or_null),
		     dkms_guest_seconds: (arg("dkms_seconds_\($k)") | number_or_null),
		     examples_seconds: between($g; "started_examples"; "started_probes"),
		     probes_seconds: between($g; "started_probes"; "started_end")}};

  # The baseline-built binary of M loaded with insmod in K's guest.
  def insmod_row($k; $m):
	(records("records_\($k)")[$m] // {}) as $o
	| ($o.insmod_exit // "") as $rc
	| {kernel: $k, "module": $m, kind: "insmod",
	   license: licence($m)[0], license_tags: licence($m),
	   built: (arg("built_\($k)_\($m)") == "yes"),
	   build_messages: (arg("build_log_\($k)_\($m)") | split("\n")
		| map(select(test("ERROR:|WARNING:|error:"))) | map(sub("^ *"; ""))),
	   binary_built_against: "baseline",
	   insmod_exit: (if $rc == "" then null else ($rc | tonumber) end),
	   insmod_output: ($o.insmod_output // "" | sub(" +$"; ""))}
	+ observed($o; $rc == "0"; taint_letters($k));

  # The Debian guest on K: what dkms and modprobe did with M's package.
  def dkms_row($k; $p):
	$p[0] as $m
	| (records("dkms_records_\($k)")[$m] // {}) as $o
	| ($o.modprobe_exit // "") as $rc
	| {kernel: $k, "module": $m, kind: "dkms",
	   license: licence($m)[0], license_tags: licence($m),
	   method: $p[3], package: "\($p[1])/\($p[2])",
	   install_command: ($o.install_command // null),
	   install_exit: ($o.install_exit // null | if . then tonumber else . end),
	   install_result: ($o.install_result // "not run"),
	   install_seconds: ($o.install_seconds // null | if . then tonumber else . end),
	   dkms_status: ($o.dkms_status // null),
	   dkms_output: ($o.install_output // []),
	   dkms_errors: ($o.install_output // [] | map(select(test("Error|ERROR|error:")))),
	   make_log: ($o.make_log // null),
	   make_log_errors: ($o.make_log_errors // []),
	   built: ($o.install_result == "installed"),
	   build_messages: ($o.make_log_errors // []),
	   module_path: ($o.module_path // null),
	   modprobe_exit: (if $rc == "" then null else ($rc | tonumber) end),
	   modprobe_output: ($o.modprobe_output // "" | sub(" +$"; ""))}
	+ observed($o; $rc == "0"; taint_letters($k));

  ((arg("expected") | table | map({key: "insmod \(.[0]) \(.[1])",
	value: {built: (.[2] == "yes"), loaded: (.[3] == "yes"),
		hook_effective: (.[4] == "yes"), taint: (.[5] | letters)}}))
   + (arg("dkms_expected") | table | map({key: "dkms \(.[0]) \(.[1])",
	value: {install_result: .[2], loaded: (.[3] == "yes"),
		hook_effective: (.[4] == "yes"), taint: (.[5] | letters)}}))
   | from_entries) as $expected
  | (arg("modules") | table | map(.[0])) as $modules
  | ["baseline", "patched"] as $kernels
  | [$kernels[] as $k | ($modules[] | insmod_row($k; .)), (arg("plan") | table[] | dkms_row($k; .))] as $rows
  | {schema: "lsm-export-kit/results/1",
     kernels: (reduce $kernels[] as $k ({}; .[$k] = kernel_info($k))),
     taint_flags: ([$rows[] | .taint[], .kernel_taint.flags[]?] | unique
	| map({(.): taint_meanings("patched")[.]}) | add // {}),
     loads: ($rows | map($expected["\(.kind) \(.kernel) \(.module)"] as $e
	| . + {expected: $e, as_expected: as_expected($e)}))}
