#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the matrix: load every probe of /kit/probes/probes.tsv, leaving
# each loaded, then report on fd 3:
#   P <probe> <insmod exit status>
#   T <probe> <the module's taint flags>       for each loaded probe
#   L <line>                                   the kernel log of the loads
# shellcheck source=guard.sh
. /kit/guard.sh

tab=$(printf '\t')

# load_every N K: load the probes on lines K, K+N, K+2N... (from 0).
load_every() {
	i=0
	while IFS="$tab" read -r name _; do
		if [ $((i % $1)) -eq "$2" ]; then
			insmod "/kit/probes/$name.ko" 2>/dev/null
			printf 'P\t%s\t%s\n' "$name" "$?" >&3
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
	printf 'T\t%s\t%s\n' "${m%/taint}" "$(cat "$f")" >&3
done
dmesg | while IFS= read -r line; do
	printf 'L\t%s\n' "$line" >&3
done
