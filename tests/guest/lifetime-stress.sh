#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of make test-debug: /kit/cycles times, load lsm_api_test (its
# init runs every register/unregister error case, then registers), while
# three processes create and remove directories so its hook keeps firing,
# one of them on the name whose hook sleeps; then unload it.  Then the
# registration-versus-unload race of lsm-race.sh, /kit/cycles times too.
# Records about "stress": kasan and lockdep (their lines at boot), cycles,
# failures, mkdirs, race_cycles, race_failures, race_outcomes,
# owner_outcomes; about the guest: nproc, lsm.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh
# shellcheck source=owner-cycle.sh
. /kit/owner-cycle.sh

rec() {
	record R stress "$1" "$2"
}

cycles=$(cat /kit/cycles)
# The debug machinery is on: said at boot, before thousands of lines.
rec kasan "$(dmesg | grep -c 'KernelAddressSanitizer initialized')"
rec lockdep "$(dmesg | grep -c 'Lock dependency validator')"
guest_records

# hammer N NAME: mkdir and rmdir /tmp/NAME until /tmp/stop appears.
hammer() {
	n=0
	while [ ! -e /tmp/stop ]; do
		mkdir "/tmp/$2" 2>/dev/null && rmdir "/tmp/$2"
		n=$((n + 1))
	done
	echo "$n" >"/tmp/count$1"
}

hammer 1 kit-slow &
hammer 2 kit-fast-a &
hammer 3 kit-fast-b &

i=0
failures=0
while [ "$i" -lt "$cycles" ]; do
	insmod /kit/lsm_api_test.ko quiet=1 delay_ms=1 || failures=$((failures + 1))
	rmmod lsm_api_test || failures=$((failures + 1))
	i=$((i + 1))
done
touch /tmp/stop
wait

rec cycles "$i"
rec failures "$failures"
rec mkdirs "$(($(cat /tmp/count1) + $(cat /tmp/count2) + $(cat /tmp/count3)))"

# Another module's hooks registered from every CPU while it comes and
# goes, its hook sleeping in mkdirs as it goes (owner-cycle.sh).
insmod /kit/lsm_race.ko || failures=$((failures + 1))
owner_cycles "$cycles"
rmmod lsm_race || cycle_failures=$((cycle_failures + 1))
rec race_cycles "$cycles"
rec race_failures "$cycle_failures"
rec race_outcomes "$(dmesg | sed -n 's/^\[ *[0-9.]*\] //; s/^lsm_race: registered/registered/p' | tail -n 1)"
rec owner_outcomes "$(owner_outcomes)"
[ "$failures" -eq 0 ] && [ "$cycle_failures" -eq 0 ]
