#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the matrix: load every probe of /kit/probes/probes.tsv,
# leaving each loaded, then report, for each probe, its insmod_exit, its
# module_taint if it loaded, and the kernel's messages about it.
# shellcheck source=guard.sh
. /kit/guard.sh
# shellcheck source=records.sh
. /kit/records.sh

tab=$(printf '\t')

# load_every N K: load the probes on lines K, K+N, K+2N... (from 0).
load_every() {
	i=0
	while IFS="$tab" read -r name _; do
		if [ $((i % $1)) -eq "$2" ]; then
			insmod "/kit/probes/$name.ko" 2>/dev/null
			record R "$name" insmod_exit "$?"
		fi
		i=$((i + 1))
	done </kit/probes/probes.tsv
}

# Each probe stands alone, so the loads can run on every CPU at once.
dmesg -c >/dev/null
cpus=$(grep -c '^processor' /proc/cpuinfo)
k=0
while [ $k -lt "$cpus" ]; do
	load_every "$cpus" $k &
	k=$((k + 1))
done
wait
for f in /sys/module/lp[0-9]*_*/taint; do
	[ -r "$f" ] || continue
	m=${f#/sys/module/}
	record R "${m%/taint}" module_taint "$(cat "$f")"
done
# Each probe's lines start with its name.
dmesg | sed 's/^\[ *[0-9.]*\] //' | while IFS= read -r line; do
	case $line in
	lp[0-9]*_*:*) record A "${line%%:*}" messages "$line" ;;
	esac
done
