#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Sourced by the guests that race lsm_race_owner's unload (lsm-race.sh,
# lifetime-stress.sh): one cycle of that race, and the sum of what the
# owner's unloads said.  It loads modules, so it refuses to run on a host
# itself, whoever sources it.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh

# owner_cycle I: load lsm_race_owner, make eight mkdirs, unload it 20 ms
# later and wait for them; each step that fails adds one to
# $cycle_failures.  The owner's hook sleeps 50 ms in each mkdir that finds
# one of its arrays registered as it starts, and the owner unloads
# meanwhile: a hook in flight, a removal in progress and the unload, at
# once (the window is otherwise a few instructions wide).  Eight mkdirs,
# as an array may be registered only briefly.  What the owner's unload
# said is kept in /tmp/owner.log before the log's ring wraps.
owner_cycle() {
	insmod /kit/lsm_race_owner.ko hook_delay_ms=50 || cycle_failures=$((cycle_failures + 1))
	_mkdirs=
	for _j in 0 1 2 3 4 5 6 7; do
		mkdir "/tmp/race-$1-$_j" &
		_mkdirs="$_mkdirs $!"
	done
	sleep 0.02
	rmmod lsm_race_owner || cycle_failures=$((cycle_failures + 1))
	for _pid in $_mkdirs; do
		wait "$_pid" || cycle_failures=$((cycle_failures + 1))
	done
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' |
		grep -E '^lsm_race_owner: registered|module lsm_race_owner did not unregister' >>/tmp/owner.log
}

# owner_cycles N: N cycles, $cycle_failures counting from 0.
owner_cycles() {
	cycle_failures=0
	_i=0
	while [ "$_i" -lt "$1" ]; do
		owner_cycle "$_i"
		_i=$((_i + 1))
	done
}

# owner_outcomes: the sums of what each unload of lsm_race_owner printed.
owner_outcomes() {
	sed -n 's/^lsm_race_owner: registered/registered/p' /tmp/owner.log |
		awk '{ n++; r += $2; g += $4; l += $6; o += $8; s += $10 }
			END { printf "unloads %d registered %d going %d left %d other %d slept %d", n, r, g, l, o, s }'
}

# owner_removed: how many registrations the kernel removed at its unloads.
owner_removed() {
	grep -c 'module lsm_race_owner did not unregister, removing its hooks' /tmp/owner.log
}
