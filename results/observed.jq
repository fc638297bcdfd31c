# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# What a guest saw of one loaded (or refused) module, from its records
# (harness/guest/observe.sh, read by results/guest-records), as result-row
# fields: shared by the insmod and the dkms rows of results/collect-demo;
# and check(), the one comparison of what a guest saw with what
# export-check predicted, for the probes, the cases and Debian's kernels.
# $letters maps taint bit numbers to letters (export-check --taint-flags).

# export-check --taint-flags, as text (bit, letter, ..., meaning), as bit
# -> letter and letter -> meaning.
def taint_letters_of($text): $text | split("\n") | map(select(length > 0) | split("\t") | {(.[0]): .[1]}) | add;
def taint_meanings_of($text): $text | split("\n") | map(select(length > 0) | split("\t") | {(.[1]): .[4]}) | add;

def taint_flags($mask; $letters): [range(0; 32) as $b
	| select((($mask / pow(2; $b)) | floor) % 2 == 1)
	| $letters[$b | tostring] // "?"];

def taint_added($before; $after; $letters): [range(0; 32) as $b
	| select((($after / pow(2; $b)) | floor) % 2 == 1
		and (($before / pow(2; $b)) | floor) % 2 == 0)
	| $letters[$b | tostring] // "?"];

# observed($o; $loaded; $letters): $o is the module's guest records.
def observed($o; $loaded; $letters):
	{observed: ($o != {}),
	 loaded: $loaded,
	 module_kind: ($o.kind // null),
	 kernel_messages: ($o.messages // []),
	 taint: (if $o.module_taint then ($o.module_taint | split(""))
		elif $o.taint_after then
			taint_added($o.taint_before | tonumber; $o.taint_after | tonumber; $letters)
		else [] end),
	 taint_source: (if $o.module_taint then "module" else "kernel" end),
	 kernel_taint: (if $o.taint_after then
		{mask: ($o.taint_after | tonumber),
		 flags: taint_flags($o.taint_after | tonumber; $letters)}
		else null end),
	 lsm_listed: (if $o.lsm_listed then $o.lsm_listed == "true" else null end),
	 hook_effective: (if $o.kind == "lsm" then
			($o.mkdir_denied_exit == "1"
			 and $o.mkdir_denied_error == "Operation not permitted"
			 and $o.mkdir_allowed_exit == "0")
		elif $o.kind == "capable" then $o.admin == "Y"
		else false end),
	 hook_evidence: ($o | with_entries(select(.key | test("^mkdir_|^admin$")))),
	 unloaded: (if $loaded then $o.rmmod_exit == "0" else null end),
	 unload_messages: ($o.unload_messages // []),
	 hook_removed_after_unload: (if $loaded and $o.kind == "lsm" then
			($o.lsm_listed_after_unload == "false"
			 and $o.mkdir_denied_after_unload_exit == "0")
		else null end)};

# as_expected($e): every field the expectation names has the expected value.
def as_expected($e): . as $row | $e != null and ([$e | keys[] | $row[.] == $e[.]] | all);

# symbol_get_said($messages; $symbol_get): the names in the kernel's lines
# "failing symbol_get of non-GPLONLY symbol NAME." are exactly those
# export-check said __symbol_get() refuses ($symbol_get: a module's
# symbol_get[]; a name it could not tell about, "not known", may be either).
# For modules that call symbol_get() as they load, as the kit's fixture does.
def symbol_get_said($messages; $symbol_get):
	([$messages[] | capture("^failing symbol_get of non-GPLONLY symbol (?<name>.+)\\.$").name]
		| unique) as $refused
	| [$symbol_get[] | select(.answer == "not known") | .name] as $open
	| ([$symbol_get[] | select(.kernel_message != null) | .name] | unique) == ($refused - $open);

# The lines of $messages the loader printed about module $name, by the
# kernel's formats $formats (after "NAME: "; results/loader-formats), that
# $predicted lacks.
def unpredicted($messages; $name; $formats; $predicted):
	[$messages[] | select(startswith("\($name): ")) | . as $line
	 | select(ltrimstr("\($name): ") as $rest | any($formats[]; . as $re | $rest | test($re)))
	 | select(IN($predicted[]) | not)];

# Whether the loader may stay silent about $msg: export-check says it
# prints it only while the kernel lacks a taint (kernel_messages_once),
# and the kernel had that taint before the load ($before, its letters), or
# nobody knows ($before null: probes load side by side).
def may_be_silent($msg; $p; $before):
	($p.kernel_messages_once[$msg] // null) as $letter
	| $letter != null and ($before == null or ($before | index($letter) != null));

# check($o; $p; $letters; $formats): one load's guest records $o against
# export-check's module object $p.  Compared, as far as the guest recorded
# them: whether it loaded (insmod's exit status); the module's taints, if
# it loaded; the kernel's taints after the load, those before with the ones
# export-check says the kernel keeps (when the guest recorded them: probes,
# loaded side by side, do not; one without the other is a record cut short,
# and no agreement); every line export-check says the loader
# prints, but those may_be_silent(); no line of the loader's about the
# module that export-check did not predict; and what symbol_get() was
# answered (loads call it as they load, if at all).
def check($o; $p; $letters; $formats):
	($o.taint_before != null or $o.taint_after != null) as $taints_recorded
	| (if $taints_recorded then taint_flags($o.taint_before // "0" | tonumber; $letters) else null end) as $before
	| (if $o.taint_after then taint_flags($o.taint_after | tonumber; $letters) else null end) as $after
	| ($o.messages // []) as $said
	| {observed: ($o.insmod_exit != null),
	   loaded: ($o.insmod_exit == "0"),
	   insmod_exit: ($o.insmod_exit // null | if . then tonumber else . end),
	   module_taint: ($o.module_taint // null | if . then split("") else . end),
	   kernel_taint_before: $before, kernel_taint_after: $after,
	   kernel_messages: $said,
	   missing_messages: (if $o.insmod_exit == null then [] else [($p.kernel_messages // [])[] as $m
		| select((may_be_silent($m; $p; $before) | not) and ($said | index($m) == null)) | $m] end),
	   unpredicted_messages: unpredicted($said; $p.name; $formats; $p.kernel_messages // [])}
	| . + {as_predicted: (.observed and .loaded == $p.loads
		and ((.loaded | not) or .module_taint == $p.taints)
		and (($taints_recorded | not)
			or ($after != null and ($after | sort) == (($before + $p.kernel_taints) | unique | sort)))
		and .missing_messages == [] and .unpredicted_messages == []
		and symbol_get_said($said; $p.symbol_get // []))};
