# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The probe rows of a permission matrix, the kit's (results/collect-matrix)
# and Debian's (results/collect-distro): one definition of what a probe's
# load observed and whether export-check predicted it.

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
# (results/guest-records), $p by_probe of export-check's prediction.
def probe_row($g; $p; $classes):
	($g[.probe] // {}) as $o | $p[.probe] as $e
	| . + {license: $classes[.class],
	       observed: ($o.insmod_exit != null),
	       loaded: ($o.insmod_exit == "0"),
	       insmod_exit: ($o.insmod_exit // null | if . then tonumber else . end),
	       kernel_messages: ($o.messages // []),
	       module_taint: ($o.module_taint // null | if . then split("") else . end),
	       predicted_loads: $e.loads,
	       predicted_taints: $e.taints,
	       predicted_reasons: $e.reasons}
	| . + {as_predicted: (.observed and .loaded == .predicted_loads
		and ((.loaded | not) or .module_taint == .predicted_taints))};
