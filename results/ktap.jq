# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# KTAP (Documentation/dev-tools/ktap.rst), one writer for every result
# file: ktap($tests) prints a document of the array $tests, each
# {ok, name, directive (text after "#", or null), subtests (or null)};
# subtests nest, indented by four spaces, before their parent's line.

def ktap_document($tests; $indent):
	"\($indent)KTAP version 1", "\($indent)1..\($tests | length)",
	($tests | to_entries[] | .key as $i | .value as $t
	 | (if $t.subtests then ktap_document($t.subtests; $indent + "    ") else empty end),
	   "\($indent)\(if $t.ok then "ok" else "not ok" end) \($i + 1) \($t.name)"
	   + (if $t.directive then " # \($t.directive)" else "" end));

def ktap($tests): ktap_document($tests; "");
