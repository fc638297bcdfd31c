#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the registration-versus-unload race of patch 0001: with
# lsm_race's threads registering lsm_race_owner's hooks on every CPU, load
# and unload lsm_race_owner /kit/cycles times, then unload lsm_race, which
# prints how each registration ended.  It judges what it can itself, as
# KTAP (the "ktap" of lsm_race); the host checks the CPUs and the outcomes.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_race
cycles=$(cat /kit/cycles)
n=0
# ktap OK NAME: one case of this script's own KTAP.
ktap() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		record A "$m" ktap "ok $n $2"
	else
		record A "$m" ktap "not ok $n $2"
	fi
}

guest_records
record A "$m" ktap "KTAP version 1"
record A "$m" ktap "1..4"
insmod /kit/lsm_race.ko
ktap $? "lsm_race loads"
i=0
failures=0
while [ "$i" -lt "$cycles" ]; do
	insmod /kit/lsm_race_owner.ko || failures=$((failures + 1))
	mkdir "/tmp/race-$i" || failures=$((failures + 1))
	rmmod lsm_race_owner || failures=$((failures + 1))
	i=$((i + 1))
done
ktap "$failures" "$cycles loads, mkdirs and unloads of lsm_race_owner"
rmmod lsm_race
ktap $? "lsm_race unloads"
mkdir /tmp/after-race
ktap $? "mkdir after the race"
record R "$m" outcomes "$(dmesg | sed -n 's/^\[ *[0-9.]*\] //; s/^lsm_race: registered/registered/p' | tail -n 1)"
