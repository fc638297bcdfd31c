# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The probe rows of a permission matrix, the kit's (results/collect-matrix)
# and Debian's (results/collect-distro): a probe's load, as observed.jq's
# check compares it with export-check's prediction.

import "observed" as obs;

# harness/licence-classes.tsv, as text, as class -> MODULE_LICENSE string
# (null: the probe has none).
def licence_classes($text): $text | split("\n")
	| map(select(length > 0 and (startswith("#") | not)) | split("\t")
		| {(.[0]): (if .[1] == "" then null else .[1] end)}) | add;

# A probes.tsv (harness/make-probes), as text, as a list of probes.
def probe_list($text): $text | split("\n") | map(select(length > 0) | split("\t")
	| {probe: .[0], symbol: .[1], class: .[2]});

# export-check's JSON for a directory of probes, by probe name.
def by_probe: .modules | map({(.file | sub(".*/"; "") | sub("\\.ko$"; "")): .}) | add;

# A probe of probe_list as a row: $g the guest's records
# (results/guest-records), $p by_probe of export-check's prediction,
# $formats the loader's (results/loader-formats); observed.jq's check.
def probe_row($g; $p; $classes; $formats):
	$p[.probe] as $e
	| obs::check($g[.probe] // {}; $e; {}; $formats) as $c
	| . + {license: $classes[.class],
	       observed: $c.observed,
	       loaded: $c.loaded,
	       insmod_exit: $c.insmod_exit,
	       kernel_messages: $c.kernel_messages,
	       module_taint: $c.module_taint,
	       predicted_loads: $e.loads,
	       predicted_taints: $e.taints,
	       predicted_reasons: $e.reasons,
	       missing_messages: $c.missing_messages,
	       unpredicted_messages: $c.unpredicted_messages,
	       as_predicted: $c.as_predicted};
