# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# One load of the distro guest (results/distro.jq) against
# export-check's prediction for it: the same outcome, the module's taints
# if it loaded, the kernel's taints after it (those before, with the ones
# export-check says the kernel keeps), and every message export-check says
# the loader prints, but those it prints only while the kernel lacks a
# taint the kernel already had (export-check's kernel_messages_once), and
# what symbol_get() was answered (the loads call it as they load, if at all).

import "observed" as obs;

def once_said($msg; $p; $before):
	($p.kernel_messages_once[$msg] // null) as $letter
	| $letter != null and ($before | index($letter) != null);

# observed($o; $p; $letters): a row from the guest's records $o of one load
# and export-check's module object $p.
def observed($o; $p; $letters):
	(if $o.taint_before then obs::taint_flags($o.taint_before | tonumber; $letters) else [] end) as $before
	| (if $o.taint_after then obs::taint_flags($o.taint_after | tonumber; $letters) else [] end) as $after
	| {observed: ($o.insmod_exit != null),
	   loaded: ($o.insmod_exit == "0"),
	   insmod_exit: ($o.insmod_exit // null | if . then tonumber else . end),
	   module_taint: ($o.module_taint // null | if . then split("") else . end),
	   kernel_taint_before: $before, kernel_taint_after: $after,
	   kernel_messages: ($o.messages // []),
	   predicted: ($p | {verdict, loads, taints, kernel_taints, refused_at, reasons, notes,
			     kernel_messages, symbol_get})}
	| . + {missing_messages: [.predicted.kernel_messages[] as $m
		| select((once_said($m; $p; $before) | not) and (($o.messages // []) | index($m) == null)) | $m]}
	| . + {as_predicted: (.observed and .loaded == .predicted.loads
		and ((.loaded | not) or .module_taint == .predicted.taints)
		and (($after | sort) == (($before + .predicted.kernel_taints) | unique | sort))
		and .missing_messages == []
		and obs::symbol_get_said(.kernel_messages; .predicted.symbol_get))};
