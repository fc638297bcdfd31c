#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the registration-versus-unload race of patch 0001: with
# lsm_race's threads registering lsm_race_owner's hooks on every CPU, load
# and unload lsm_race_owner /kit/cycles times (default 200), then unload
# lsm_race, which prints how each registration ended.  Reports on fd 3:
#   R <key> <value>     an observation
#   M <line>            the kernel log
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
rec() {
	printf 'R\t%s\t%s\n' "$1" "$2" >&3
}

cycles=$(cat /kit/cycles 2>/dev/null || echo 200)
rec nproc "$(nproc)"
insmod /kit/lsm_race.ko
rec race_insmod_exit $?
i=0
failures=0
while [ "$i" -lt "$cycles" ]; do
	insmod /kit/lsm_race_owner.ko || failures=$((failures + 1))
	mkdir "/tmp/race-$i" || failures=$((failures + 1))
	rmmod lsm_race_owner || failures=$((failures + 1))
	i=$((i + 1))
done
rmmod lsm_race
rec race_rmmod_exit $?
rec cycles "$i"
rec failures "$failures"
mkdir /tmp/after-race
rec mkdir_after_race_exit $?
rec outcomes "$(dmesg | sed -n 's/^lsm_race: registered/registered/p' | tail -n 1)"

dmesg | while IFS= read -r line; do
	printf 'M\t%s\n' "$line" >&3
done
