# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# One load of the distro guest (results/distro.jq) against
# export-check's prediction for it: the same outcome, the module's taints
# if it loaded, the kernel's taints after it (those before, with the ones
# export-check says the kernel keeps), and every message export-check says
# the loader prints, but those it prints only while the kernel lacks a
# taint the kernel already had (export-check's kernel_messages_once); no
# line of the loader's about the module that export-check did not predict
# ($formats, results/loader-formats: read from the kernel's own loader);
# and what symbol_get() was answered (the loads call it as they load, if
# at all).

import "observed" as obs;

def once_said($msg; $p; $before):
	($p.kernel_messages_once[$msg] // null) as $letter
	| $letter != null and ($before | index($letter) != null);

# The lines of $messages the loader printed about module $name, by the
# kernel's formats $formats (after "NAME: "), that $predicted lacks.
def unpredicted($messages; $name; $formats; $predicted):
	[$messages[] | select(startswith("\($name): ")) | . as $line
	 | select(ltrimstr("\($name): ") as $rest | any($formats[]; . as $re | $rest | test($re)))
	 | select(IN($predicted[]) | not)];

# observed($o; $p; $letters; $formats): a row from the guest's records $o
# of one load and export-check's module object $p.
def observed($o; $p; $letters; $formats):
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
		| select((once_said($m; $p; $before) | not) and (($o.messages // []) | index($m) == null)) | $m],
	       unpredicted_messages: unpredicted($o.messages // []; $p.name; $formats; $p.kernel_messages)}
	| . + {as_predicted: (.observed and .loaded == .predicted.loads
		and ((.loaded | not) or .module_taint == .predicted.taints)
		and (($after | sort) == (($before + .predicted.kernel_taints) | unique | sort))
		and .missing_messages == [] and .unpredicted_messages == []
		and obs::symbol_get_said(.kernel_messages; .predicted.symbol_get))};
