# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
#
# What every test file shares; sourced by tests/run, which runs each test
# function t_NAME in a subshell with its output in build/tests/NAME.log.
# A test ends with fail (not ok), skip (ok # SKIP) or by returning (ok).
# Cleanups go in "at_exit": they run however the test's subshell ends.

# Set here, used by the group files; $top is the runner's.
# shellcheck disable=SC2034,SC2154
{
	build=$top/build
	logs=$build/tests
	results=$build/demo/results.json
}

# fail MESSAGE: end a test with a reason.  On stderr, so that a reason
# given inside $(...) reaches the test's log rather than a variable.
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# skip REASON: the test cannot run here (no root, no browser...).
KIT_SKIP=4
skip() {
	echo "SKIP: $*" >&2
	exit "$KIT_SKIP"
}

# at_exit COMMAND [ARG...]: run the command when the test ends, pass, fail
# or skip, with its arguments as they are now (the test's locals are gone
# by then); the last registered runs first.
at_exit() {
	_kit_at_exit="$(printf '%q ' "$@") || true; ${_kit_at_exit:-}"
	# shellcheck disable=SC2064 # expanded now, on purpose
	trap "$_kit_at_exit" EXIT
}

# run_test NAME SECONDS LOG: run t_NAME, its output into LOG, and set
# run_test_rc to its exit status.  The test and a watchdog are each a
# process group of their own: after SECONDS the watchdog says so in LOG
# and stops the test's group, so every process the test started goes with
# it (TERM, which runs the test's at_exit commands, then KILL).
run_test_pid='' run_test_watchdog=''
run_test() {
	local name=$1 secs=$2 log=$3
	# Appended to, by the test and by its watchdog both.
	: >"$log"
	set -m
	(
		# The test's own jobs stay in its group, and its cleanups are
		# its own, not those of a caller (a test of run_test).
		set +m -euo pipefail
		_kit_at_exit=''
		trap - EXIT
		"t_$name"
	) >>"$log" 2>&1 </dev/null &
	run_test_pid=$!
	(
		sleep "$secs"
		echo "FAIL: still running after ${secs}s (KIT_TEST_TIMEOUT): stopped" >>"$log"
		kill -TERM -- "-$run_test_pid"
		sleep 30
		kill -KILL -- "-$run_test_pid"
	) >/dev/null 2>&1 </dev/null &
	run_test_watchdog=$!
	set +m
	# Not in an "if": bash ignores set -e in a condition, even in a subshell.
	set +e
	wait "$run_test_pid" 2>/dev/null
	run_test_rc=$?
	set -e
	kill -TERM -- "-$run_test_watchdog" 2>/dev/null || true
	wait "$run_test_watchdog" 2>/dev/null || true
	run_test_pid='' run_test_watchdog=''
}

# stop_test: stop run_test's test and watchdog, if they run.
stop_test() {
	local p
	for p in $run_test_pid $run_test_watchdog; do
		kill -TERM -- "-$p" 2>/dev/null || true
	done
}

# expect_grep FILE PATTERN: FILE has a line matching the fixed string.
expect_grep() {
	grep -qF -- "$2" "$1" || fail "$1 lacks: $2"
}

# spy_commands DIR NAME...: in DIR, a command for each NAME that appends
# "NAME ARGS" to DIR/calls and fails; with DIR first in PATH, DIR/calls
# says whether anything ran one.
spy_commands() {
	local dir=$1 name
	shift
	mkdir -p "$dir"
	for name; do
		# shellcheck disable=SC2016 # $* is the spy's
		printf '#!/bin/sh\necho "%s $*" >>%s/calls\nexit 1\n' "$name" "$dir" >"$dir/$name"
		chmod +x "$dir/$name"
	done
}

# The expect_json family: [JQ_OPTION...] FILE ..., where FILE is a JSON
# file (- for standard input) and a JQ_OPTION is --arg NAME VALUE,
# --argjson NAME JSON or --slurpfile NAME FILE, as jq takes them.  On
# failure each prints the value it found, as "# actual: ...", before the
# reason, KUnit's EXPECT_* style.
#
# _kit_jq_options ARG...: the jq options at the front of ARG..., into
# _kit_jq_opts; _kit_jq_nopts is how many ARGs they took.
_kit_jq_options() {
	_kit_jq_opts=() _kit_jq_nopts=0
	while [[ ${1-} == --arg || ${1-} == --argjson || ${1-} == --slurpfile ]]; do
		_kit_jq_opts+=("$1" "$2" "$3")
		_kit_jq_nopts=$((_kit_jq_nopts + 3))
		shift 3
	done
}
# one: a lone value as itself; row_name: a row of results, named in a
# message.
_kit_jq_defs='def one: if length == 1 then .[0] else . end;
	def row_name: [.kernel?, .symbol?, .module?, .name?, .class?] | map(strings) | join(" ");'
# _kit_expect FILE PROGRAM DESCRIPTION: run the jq PROGRAM, with the
# options _kit_jq_options took, on FILE; it prints nothing when the
# expectation holds, else the lines that say why.
_kit_expect() {
	local file=$1 name=$1 why
	[[ $file != - ]] || file=/dev/stdin name="standard input"
	why=$(jq -r "${_kit_jq_opts[@]}" "$_kit_jq_defs $2" "$file") ||
		fail "$3: jq failed on $name"
	[[ -z $why ]] || { echo "$why" >&2; fail "$3 (in $name)"; }
}

# expect_json [JQ_OPTION...] FILE FILTER [DESCRIPTION]: FILTER's last
# value is true (neither false nor null), as jq -e has it.
expect_json() {
	_kit_jq_options "$@"
	shift "$_kit_jq_nopts"
	_kit_expect "$1" "[$2] as \$a | if (\$a | last) then empty
		else \"# actual: \(\$a | one | tojson)\" end" "${3:-$2}"
}

# expect_json_eq [JQ_OPTION...] FILE EXPR EXPECTED [DESCRIPTION]: the
# values of EXPR are those of the jq expression EXPECTED, evaluated
# without input (the options' variables are there).
expect_json_eq() {
	_kit_jq_options "$@"
	shift "$_kit_jq_nopts"
	_kit_expect "$1" "[$2] as \$a | (null | [$3]) as \$e | if \$a == \$e then empty else
		\"# expected: \(\$e | one | tojson)\", \"# actual:   \(\$a | one | tojson)\" end" \
		"${4:-$2 == $3}"
}

# expect_json_has [JQ_OPTION...] FILE ARRAY ITEM [DESCRIPTION]: the array
# ARRAY holds the value of the jq expression ITEM (a kernel message, say).
expect_json_has() {
	_kit_jq_options "$@"
	shift "$_kit_jq_nopts"
	_kit_expect "$1" "[$2] as \$a | (null | $3) as \$e |
		if \$a | length == 1 and (.[0] | type) == \"array\" and (.[0] | index([\$e])) != null
		then empty else
		\"# expected in it: \(\$e | tojson)\", \"# actual: \(\$a | one | tojson)\" end" \
		"${4:-$2 has $3}"
}

# expect_json_match [JQ_OPTION...] FILE ARRAY REGEX [DESCRIPTION]: a
# string of the array ARRAY matches the jq expression REGEX's value.
expect_json_match() {
	_kit_jq_options "$@"
	shift "$_kit_jq_nopts"
	_kit_expect "$1" "[$2] as \$a | (null | $3) as \$re |
		if \$a | length == 1 and (.[0] | type) == \"array\"
			and any(.[0][]; type == \"string\" and test(\$re))
		then empty else
		\"# expected to match: \(\$re | tojson)\", \"# actual: \(\$a | one | tojson)\" end" \
		"${4:-$2 matches $3}"
}

# expect_jq FILTER [DESCRIPTION]: FILTER is true of results.json.
expect_jq() {
	expect_json "$results" "$@"
}

# expect_jq_eq EXPR EXPECTED [DESCRIPTION]: expect_json_eq of results.json.
expect_jq_eq() {
	expect_json_eq "$results" "$@"
}

# expect_schema NAME DAMAGE [FILE]: FILE (build/demo/NAME.json) conforms
# to its schema, results/schemas/NAME.schema.json, and a copy damaged by
# the jq filter DAMAGE does not: the schema is strict enough to notice.
expect_schema() {
	local schema=results/schemas/$1.schema.json file=${3:-$build/demo/$1.json}
	results/validate-json "$schema" "$file"
	jq "$2" "$file" >"$logs/$1.bad.json"
	if results/validate-json "$schema" "$logs/$1.bad.json" 2>/dev/null; then
		fail "the $1 schema accepted a copy damaged by $2"
	fi
}

# select_row ARRAY KEY VALUE: the jq selector of the element of ARRAY
# whose KEY is VALUE.
select_row() {
	echo ".$1[] | select(.$2 == \"$3\")"
}

# expect_symbol_get_fixture FILE ROW: the row ROW (a jq selector) of FILE
# is fx_symbol_get as a kernel with the rule of 6.1.52 loaded it
# (kernel/module/main.c: __symbol_get() refuses a symbol not exported
# GPL-only, to a GPL module too, and says so), and export-check said so.
expect_symbol_get_fixture() {
	expect_json "$1" "$2 | .loaded and (.kernel_messages
		| index(\"failing symbol_get of non-GPLONLY symbol capable.\") != null
		and index(\"fx_symbol_get: symbol_get(capable): NULL\") != null
		and index(\"fx_symbol_get: symbol_get(ktime_get): address\") != null)" \
		"the kernel refused symbol_get(capable) (EXPORT_SYMBOL) and answered symbol_get(ktime_get) (EXPORT_SYMBOL_GPL)"
	expect_json "$1" "$2 | .predicted.symbol_get
		| map(\"\\(.name)=\\(.answer)\") == [\"capable=NULL\", \"ktime_get=address\"]" \
		"export-check predicted both answers"
	expect_json "$1" "$2 | .as_predicted" "the load as predicted"
}

# kdir KERNEL: a kernel's build directory; baseline and patched are looked
# up once per run (kdir_init), the others when asked.
kdir_init() {
	KDIR_baseline=$(kernel-patch/build-kernels "$KIT_CACHE" --dir baseline)
	KDIR_patched=$(kernel-patch/build-kernels "$KIT_CACHE" --dir patched)
	export KDIR_baseline KDIR_patched
}
kdir() {
	local v=KDIR_$1
	if [[ -n ${!v:-} ]]; then
		echo "${!v}"
	else
		kernel-patch/build-kernels "$KIT_CACHE" --dir "$1"
	fi
}

# row KERNEL MODULE [KIND]: the jq selector of one results row (KIND:
# insmod, the default, or dkms).
row() {
	echo ".loads[] | select(.kind == \"${3:-insmod}\" and .kernel == \"$1\" and .module == \"$2\")"
}

# shell_scripts: every tracked shell script.
shell_scripts() {
	git ls-files | while IFS= read -r f; do
		[[ -f $f && ! -L $f ]] || continue
		head -n 1 "$f" | grep -qE '^#!.*\b(ba)?sh\b' && echo "$f"
		[[ $f == *.sh ]] && echo "$f"
	done | sort -u
}

# The files of the tarball the series changes, as paths in the kernel
# tree; not those a patch adds ("--- /dev/null"), which the tarball lacks.
# With --new, those it adds instead.
series_files() {
	local new=0 patches
	[[ ${1:-} == --new ]] && new=1
	mapfile -t patches < <(kit_series_patches patched)
	awk -v new="$new" '
		/^--- / { from = $2 }
		/^\+\+\+ b\// { f = substr($2, 3); touched[f] = 1; if (from == "/dev/null") added[f] = 1 }
		END { for (f in touched) if ((f in added) == new) print f }' "${patches[@]}" | sort
}

# guest KERNEL OUTDIR RUN_SCRIPT [--append ARGS] [--timeout SECS]
# [--tcg-single] FILE...: boot KERNEL (baseline, patched, debug) with an
# initramfs of RUN_SCRIPT and the FILEs, fail unless the guest passes, and
# print its records as JSON (results/guest-records).
guest() {
	local k=$1 out=$2 script=$3 opts=()
	shift 3
	while [[ ${1:-} == --* ]]; do
		if [[ $1 == --tcg-single ]]; then
			opts+=("$1")
			shift
		else
			opts+=("$1" "$2")
			shift 2
		fi
	done
	harness/mkinitramfs "$out/initramfs.cpio.gz" "$script" "$@" >&2
	harness/run-guest "${opts[@]}" "$(kdir "$k")/arch/x86/boot/bzImage" \
		"$out/initramfs.cpio.gz" "$out/guest" >&2 || fail "guest verdict: $(cat "$out/guest/verdict")"
	results/guest-records "$out/guest/channel.log"
}

# expect_two_cpus RECORDS: the guest saw two CPUs, so a race in it could
# really run in parallel.
expect_two_cpus() {
	jq -e '.guest.nproc == "2"' <<<"$1" >/dev/null ||
		fail "the guest has $(jq -r '.guest.nproc' <<<"$1") CPU(s), not 2"
}

# expect_ktap RECORDS SUBJECT PLAN: SUBJECT's KTAP (its "ktap" lines) has
# the plan 1..PLAN and every case ok, none skipped.
expect_ktap() {
	local ktap
	ktap=$(jq -r --arg s "$2" '.[$s].ktap // [] | .[]' <<<"$1")
	echo "$ktap"
	[[ $(sed -n 2p <<<"$ktap") == "1..$3" ]] || fail "$2: KTAP plan is not 1..$3"
	[[ $(grep -cE '^ok [0-9]+ ' <<<"$ktap") == "$3" ]] ||
		fail "$2: $(grep -c '^not ok' <<<"$ktap" || true) of $3 cases not ok"
	! grep -q '# SKIP' <<<"$ktap" || fail "$2: a case was skipped"
}
