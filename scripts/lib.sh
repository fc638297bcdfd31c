# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# Shell helpers shared by the kit's scripts.  Source it; do not run it.
# shellcheck shell=bash

kit_prog=${0##*/}

# die MESSAGE: one line on stderr naming the program, then exit 2.
die() {
	printf '%s: error: %s\n' "$kit_prog" "$*" >&2
	exit 2
}

# note MESSAGE: progress for people, on stderr so stdout stays data.
note() {
	printf '%s\n' "$*" >&2
}

# fmt_secs N: 75 -> 1m15s
fmt_secs() {
	local s=$1
	if ((s >= 60)); then
		printf '%dm%02ds' $((s / 60)) $((s % 60))
	else
		printf '%ds' "$s"
	fi
}

# run_timed LABEL VERB CMD...: run CMD and print "[LABEL] VERB… 1m30s"
# every 30 s while it runs, then how long it took.  Returns CMD's status.
run_timed() {
	local label=$1 verb=$2 start pid rc=0
	shift 2
	start=$SECONDS
	note "[$label] $verb…"
	"$@" &
	pid=$!
	while ! wait_for "$pid" 30; do
		note "[$label] $verb… $(fmt_secs $((SECONDS - start)))"
	done
	wait "$pid" || rc=$?
	if ((rc)); then
		note "[$label] FAILED after $(fmt_secs $((SECONDS - start))) (exit $rc)"
	else
		note "[$label] done in $(fmt_secs $((SECONDS - start)))"
	fi
	return "$rc"
}

# run_logged LABEL VERB LOG CMD...: run_timed with CMD's output in LOG;
# on failure, show the end of LOG.
run_logged() {
	local label=$1 verb=$2 log=$3 rc=0
	shift 3
	run_timed "$label" "$verb" _run_to_log "$log" "$@" || rc=$?
	if ((rc)); then
		note "end of $log:"
		tail -n 25 "$log" >&2
	fi
	return "$rc"
}

_run_to_log() {
	local log=$1
	shift
	"$@" >"$log" 2>&1
}

# wait_for PID SECS: true once PID has exited, false if still running.
wait_for() {
	local i
	for ((i = 0; i < $2 * 10; i++)); do
		kill -0 "$1" 2>/dev/null || return 0
		sleep 0.1
	done
	! kill -0 "$1" 2>/dev/null
}
