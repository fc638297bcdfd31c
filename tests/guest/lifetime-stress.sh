#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of make test-debug: /kit/cycles times, load lsm_api_test (its
# init runs every register/unregister error case, then registers), while
# three processes create and remove directories so its hook keeps firing,
# one of them on the name whose hook sleeps; then unload it.  Then the
# registration-versus-unload race of lsm-race.sh, /kit/cycles times too.
# Reports on fd 3:  R kasan/lockdep <lines seen at boot>, R nproc <n>,
# R lsm <active LSMs>, R cycles <n>, R failures <n>, R mkdirs <n>,
# R race_cycles <n>, R race_failures <n>, R race_outcomes <counts>.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh

cycles=$(cat /kit/cycles)
# The debug machinery is on: said at boot, before thousands of lines.
printf 'R\tkasan\t%s\n' "$(dmesg | grep -c 'KernelAddressSanitizer initialized')" >&3
printf 'R\tlockdep\t%s\n' "$(dmesg | grep -c 'Lock dependency validator')" >&3
printf 'R\tnproc\t%s\n' "$(nproc)" >&3
printf 'R\tlsm\t%s\n' "$(cat /sys/kernel/security/lsm)" >&3

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

printf 'R\tcycles\t%s\n' "$i" >&3
printf 'R\tfailures\t%s\n' "$failures" >&3
printf 'R\tmkdirs\t%s\n' "$(($(cat /tmp/count1) + $(cat /tmp/count2) + $(cat /tmp/count3)))" >&3

# Another module's hooks registered from every CPU while it comes and goes.
insmod /kit/lsm_race.ko || failures=$((failures + 1))
i=0
race_failures=0
while [ "$i" -lt "$cycles" ]; do
	insmod /kit/lsm_race_owner.ko || race_failures=$((race_failures + 1))
	rmmod lsm_race_owner || race_failures=$((race_failures + 1))
	i=$((i + 1))
done
rmmod lsm_race || race_failures=$((race_failures + 1))
printf 'R\trace_cycles\t%s\n' "$i" >&3
printf 'R\trace_failures\t%s\n' "$race_failures" >&3
printf 'R\trace_outcomes\t%s\n' "$(dmesg | sed -n 's/^lsm_race: registered/registered/p' | tail -n 1)" >&3
[ "$failures" -eq 0 ] && [ "$race_failures" -eq 0 ]
