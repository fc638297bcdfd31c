# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The rows of the tables people read, as arrays of plain cells, from the
# results JSON: one definition for guide/build, which renders them, and for
# the tests that check the rendered guide against the results.

def yes_no: if . then "yes" else "no" end;
def letters: join("") | if . == "" then "-" else . end;

# results.json: the example modules loaded with insmod.
def demo_header: ["kernel", "module", "licence", "built", "loaded", "taint", "policy works"];
def demo_rows: .loads[] | select(.kind == "insmod")
	| [.kernel, .module, (.license // "none"), (.built | yes_no), (.loaded | yes_no),
	   (.taint | letters), (.hook_effective | yes_no)];

# results.json: the same examples installed with dkms in the Debian guest.
def dkms_header: ["kernel", "module", "installed with", "dkms", "loaded", "taint", "policy works"];
def dkms_rows: .loads[] | select(.kind == "dkms")
	| [.kernel, .module, .install_command, .install_result, (.loaded | yes_no),
	   (.taint | letters), (.hook_effective | yes_no)];

# matrix.json: loads and refusals per kernel and licence class.
def matrix_header: ["kernel", "licence class", "loads", "refused"];
def matrix_rows: .summary | to_entries[] | .key as $k | .value | to_entries[]
	| [$k, .key, (.value.loaded | tostring), (.value.refused | tostring)];

# table.json: the permission table's symbols and their export types.
def permission_rows: .symbols[]
	| [.symbol, .file, (.kernels.baseline.export // "not exported"),
	   (.kernels.patched.export // "not exported")];

# A Markdown table of a header and rows; cells in the columns listed in
# $code (0-based) are set as code.
def markdown($header; rows; $code):
	"| " + ($header | join(" | ")) + " |",
	"|" + ($header | map("---") | join("|")) + "|",
	(rows | to_entries | map(if (.key | IN($code[])) then "`\(.value)`" else .value end)
		| "| " + join(" | ") + " |");

# distro.json: each of Debian's kernels, each load in it, and the
# probes' counts.
def distro_header: ["kernel", "load", "module", "what", "the kernel", "export-check", "as predicted"];
def distro_rows: .loads[]
	| [.kernel, .name, .module, .what,
	   (if .loaded then "loads" + (if (.module_taint // []) == [] then "" else ", taints " + (.module_taint | join(" ")) end)
	    else "refused" end),
	   .predicted.verdict, (.as_predicted | yes_no)];
def distro_probe_header: ["kernel", "licence class", "probes loaded", "refused"];
def distro_probe_rows: .kernels[] | select(.status == "booted") | .id as $id | .probes.summary | to_entries[]
	| [$id, .key, (.value.loaded | tostring), (.value.refused | tostring)];
def distro_markdown:
	(.kernels[] | "- \(.system) (`\(.id)`): "
		+ if .status == "booted"
		  then "`\(.release)`, booted under QEMU on \(.guest_cpus) CPUs with \(.guest_lsms | join(", ")) active, \(.probes.count) probes"
		  else "not booted: \(.reason)" end),
	"",
	markdown(distro_header; distro_rows; [2]),
	"",
	"Probes: one per LSM export of each kernel and licence class:",
	"",
	markdown(distro_probe_header; distro_probe_rows; []);

# matrix.json: a row per symbol, a column per kernel and licence class.
def matrix_classes: ["gpl", "dual", "proprietary", "none"];
def matrix_symbol_header: ["symbol"] + [("baseline", "patched") as $k | matrix_classes[] | "\($k) \(.)"];
def matrix_symbol_rows: .rows | group_by(.symbol)[] | . as $g
	| [$g[0].symbol] + [("baseline", "patched") as $k | matrix_classes[] as $c
		| $g[] | select(.kernel == $k and .class == $c)
		| (if .loaded then "loads" else "**refused**" end)
		  + (if .as_predicted then "" else " (predicted otherwise)" end)];

# distro-table.json: one of Debian's kernels, what each licence class may
# use of its LSM exports, and each export.
# A Debian kernel's table (distro-tables/ID.json): which kernel, from
# which source, and how many exports each licence class may use; then,
# whole, every export.  The guide shows the summary of the first kernel.
def distro_table_summary:
	"\(.kernel.system): `linux-image-\(.kernel.release)` \(.kernel.image_package_version), exports of `security/` and `kernel/capability.c` as `linux-source-\(.kernel.line)` \(.kernel.source_package_version) defines them"
	+ (if .kernel.versions_match then ": the same version."
	   else ": **not the same version**, so the origins may not be exact." end),
	"",
	markdown(["licence class", "may use"];
		 ["GPL-compatible (`GPL`, `Dual BSD/GPL`, …)", "\(.counts.gpl_compatible_may_use) of \(.counts.all)"],
		 ["not GPL-compatible (`Proprietary`, none)", "\(.counts.non_gpl_may_use) of \(.counts.all)"]; []);

# The exports of a Debian kernel's table that only GPL-compatible modules
# may use, as one line.
def distro_table_gpl_only:
	"GPL-only there: \([.symbols[] | select(.kernels.debian.non_gpl_may_use | not) | "`\(.symbol)`"] | join(", ")).";

def distro_table_markdown:
	distro_table_summary,
	"",
	markdown(["symbol", "defined in", "in", "export"];
		 .symbols[] | [.symbol, .file, .kernels.debian.module, .kernels.debian.export]; [0, 1]);

# distro-diff.md from distro-diff.json: the kernels, the steps between
# them, and each export that differs.
def distro_diff_markdown:
	def cell: if . == null then "—" elif . == "EXPORT_SYMBOL_GPL" then "GPL-only" else "all modules" end;
	(.kernels | map(.id)) as $ids
	| (.kernels | map("\(.id): \(.system), \(.release)") | join("; ")),
	  "",
	  markdown(["from", "to", "appeared", "disappeared", "became GPL-only", "became open"];
		.steps[] | [.from, .to, .appeared, .disappeared, .became_gpl_only, .became_open]; []),
	  "",
	  markdown(["symbol", "defined in"] + $ids;
		.symbols[] | [.symbol, .file] + [.exports[$ids[]] | cell]; [0, 1]);

# licence.md and its summary from table.json, for one licence string $l;
# $gpl: per kernel, 1 if the kernel's license.h calls it GPL-compatible.
def licence_may($k; $gpl): .kernels[$k].export != null and ($gpl[$k] == 1 or .kernels[$k].non_gpl_may_use);
def licence_markdown($l; $gpl):
	"MODULE_LICENSE(\"\($l)\") is \(if $gpl.patched == 1 then "" else "not " end)GPL-compatible for these kernels.",
	"",
	markdown(["symbol", "defined in", "baseline", "patched"];
		.symbols[] | [.symbol, .file] + [licence_may("baseline", "patched"; $gpl) | if . then "yes" else "**no**" end];
		[0, 1]);
def licence_summary($l; $gpl):
	"For MODULE_LICENSE(\"\($l)\") (\(if $gpl.patched == 1 then "GPL-compatible" else "not GPL-compatible" end)):",
	"  baseline: may use \([.symbols[] | select(licence_may("baseline"; $gpl))] | length) of \(.symbols | length) LSM exports",
	"  patched:  may use \([.symbols[] | select(licence_may("patched"; $gpl))] | length) of \(.symbols | length) LSM exports",
	(([.symbols[] | select(licence_may("baseline"; $gpl) and (licence_may("patched"; $gpl) | not)) | .symbol]) as $lost
	 | if $lost == [] then "  nothing changes between the kernels for this licence"
	   else "  no longer allowed on patched: \($lost | join(", "))" end);

# cases.json as collect-cases prints it: a row per case.
def cases_summary_rows: .cases[]
	| [.module, (if .built then "built" else "not built" end),
	   (if .loaded == null then "-" elif .loaded then "loads" else "refused" end),
	   (.module_taint // [] | letters),
	   (.predicted.verdict // "-"), (if .as_predicted == false then "NOT AS PREDICTED" else "" end)];
