# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# Shell helpers shared by the kit's scripts.  Source it; do not run it.
# shellcheck shell=bash

kit_prog=${0##*/}

# The Makefile runs independent stages side by side (make -j).  A script
# it runs chooses its own parallelism for the makes it starts (kbuild's
# -j, a configure's serial makes): make hands its jobserver only to
# recipes that run $(MAKE), so without this each of those makes would
# warn that the jobserver is unavailable.
if [[ ${MAKEFLAGS:-} == *-j* ]]; then
	kit_make_options=${MAKEFLAGS%%-- *}
	MAKEFLAGS=$(sed -E 's/ (-j[0-9]*|--jobserver-(auth|fds)=[^ ]*)//g' <<<"$kit_make_options")${MAKEFLAGS#"$kit_make_options"}
fi

# die MESSAGE: one line on stderr naming the program, then exit 2.
die() {
	printf '%s: error: %s\n' "$kit_prog" "$*" >&2
	exit 2
}

# note MESSAGE: progress for people, on stderr so stdout stays data.
note() {
	printf '%s\n' "$*" >&2
}

# location FILE KEY: where a Debian kernel keeps KEY, from the
# locations.json vendor-sdk/debian-modules wrote (FILE); an error if it
# has none.
location() {
	local v
	v=$(jq -r --arg k "$2" '.[$k] // empty' "$1") || die "$1: not a locations file"
	[[ -n $v ]] || die "$1: no $2"
	printf '%s\n' "$v"
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

# Where kernels, images and probes are cached, outside the work tree.
# The one default; the Makefile asks for it (scripts/lib.sh --cache).
KIT_CACHE=${KIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lsm-export-kit}
export KIT_CACHE

_kit_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# kbuild COMMAND...: run a step of a kernel module build (make, the
# compiler) with the compiler the kernel was built with: in the build
# root $KIT_BUILD_ROOT (harness/build-root) if set, else on this machine.
kbuild() {
	if [[ -n ${KIT_BUILD_ROOT:-} ]]; then
		"$_kit_top/harness/build-root" --run "$KIT_BUILD_ROOT" "$@"
	else
		"$@"
	fi
}

# What results/distro-table takes from a Debian kernel's source package
# (linux-source-LINE's tarball, under its top directory): the files whose
# exports make its LSM table, and those export-check --source reads the
# loader's rules and the taint flags from.  debian_source_dir VERSION:
# where they are kept in the cache for the package's VERSION, under a
# name that changes with the list, so that a list grown since finds no
# old, shorter copy.
debian_source_members=(security/* kernel/capability.c kernel/module/*
	kernel/panic.c Documentation/admin-guide/tainted-kernels.rst)
debian_source_dir() {
	printf '%s/source/%s-%s\n' "$KIT_CACHE" "$1" \
		"$(printf '%s\n' "${debian_source_members[@]}" | sha256sum | cut -c1-8)"
}

# kit_series_patches baseline|patched: the patch files of that kernel, in
# the order of kernel-patch/series; the baseline's are those above the
# "# end of baseline" line.
kit_series_patches() {
	local line in_baseline=1 series=$_kit_top/kernel-patch/series
	[[ $1 == baseline || $1 == patched ]] || die "kit_series_patches: no kernel '$1'"
	while IFS= read -r line; do
		if [[ $line == "# end of baseline"* ]]; then
			in_baseline=0
			continue
		fi
		[[ -z $line || $line == \#* ]] && continue
		[[ -f $_kit_top/kernel-patch/$line ]] || die "$series: patch $line not found"
		if [[ $1 == patched ]] || ((in_baseline)); then
			printf '%s\n' "$_kit_top/kernel-patch/$line"
		fi
	done <"$series"
}

# kit_kernel_args NAME... -- ARG...: parse the NAME=TREE arguments of the
# results scripts into the associative array "kernel_tree", exactly one per NAME.
kit_kernel_args() {
	local names=() arg
	while [[ $1 != -- ]]; do
		names+=("$1")
		shift
	done
	shift
	(($# == ${#names[@]})) || die "want ${names[*]/%/=TREE}, got $# kernel arguments"
	for arg; do
		[[ $arg == *=* && " ${names[*]} " == *" ${arg%%=*} "* ]] ||
			die "bad argument '$arg': want one of ${names[*]/%/=TREE}"
		[[ -z ${kernel_tree[${arg%%=*}]:-} ]] || die "kernel ${arg%%=*} given twice"
		[[ -d ${arg#*=} ]] || die "${arg#*=}: no such kernel tree"
		kernel_tree[${arg%%=*}]=${arg#*=}
	done
}

# conf_value FILE VAR: VAR's value in a shell-style conf file (dkms.conf),
# read without running it; the first, if VAR is set twice.
conf_value() {
	sed -n "s/^$2=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$1" | sed -n 1p
}

# Run as a program: "lib.sh --cache" prints KIT_CACHE, for the Makefile.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	case ${1:-} in
	--cache) printf '%s\n' "$KIT_CACHE" ;;
	*) die "usage: scripts/lib.sh --cache (otherwise source it)" ;;
	esac
fi
