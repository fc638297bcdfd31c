# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# KTAP (Documentation/dev-tools/ktap.rst), one writer for every result
# file: ktap($tests) prints a document of the array $tests, each
# {ok, name, directive (text after "#", or null), subtests (or null)};
# subtests nest, indented by four spaces, before their parent's line.
# Then each result file's tests, from its JSON as input.

def ktap_document($tests; $indent):
	"\($indent)KTAP version 1", "\($indent)1..\($tests | length)",
	($tests | to_entries[] | .key as $i | .value as $t
	 | (if $t.subtests then ktap_document($t.subtests; $indent + "    ") else empty end),
	   "\($indent)\(if $t.ok then "ok" else "not ok" end) \($i + 1) \($t.name)"
	   + (if $t.directive then " # \($t.directive)" else "" end));

def ktap($tests): ktap_document($tests; "");

# results.json: one test per kernel x module, ok when observed == expected.
def demo_ktap:
	ktap(.loads | map({ok: .as_expected, name: "\(.kind) \(.kernel) \(.module)",
		directive: ("built=\(.built) loaded=\(.loaded) taint=\(.taint | join(""))"
			+ " hook_effective=\(.hook_effective)")}));

# matrix.json: a test per kernel, a subtest per probe, ok when as predicted.
def matrix_ktap:
	ktap([.rows | group_by(.kernel)[]
	      | {ok: all(.as_predicted), name: .[0].kernel,
		 subtests: map({ok: .as_predicted, name: "\(.probe) \(.symbol) \(.class)",
				directive: (if .loaded then "loaded" else "refused" end)})}]);

# distro.json: a test per kernel (SKIP, with the reason, if not booted), a
# subtest per load and one for its probes.
def distro_ktap:
	. as $d
	| ktap([.kernels[] | .id as $id
		| if .status != "booted" then {ok: true, name: $id, directive: "SKIP \(.reason)"}
		  else [($d.loads[] | select(.kernel == $id) | {ok: .as_predicted, name, directive: .predicted.verdict}),
			{ok: ([$d.probes[] | select(.kernel == $id) | .as_predicted] | all), name: "probes",
			 directive: "\(.probes.count) loads"}] as $sub
		  | {ok: (($sub | all(.ok)) and .guest_verdict == "pass" and (.sig_enforce_guest_verdict // "pass") == "pass"),
		     name: $id, directive: null, subtests: $sub} end]);
