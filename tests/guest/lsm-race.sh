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
base=$(cat /sys/kernel/security/lsm)
record A "$m" ktap "KTAP version 1"
record A "$m" ktap "1..5"
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
# /sys/kernel/security/lsm read a few bytes at a time while lsm_race's
# threads change the list: each open file must give one whole list.
bad=0
i=0
while [ "$i" -lt 100 ]; do
	insmod /kit/lsm_race_owner.ko 2>/dev/null
	list=$(dd if=/sys/kernel/security/lsm bs=3 2>/dev/null)
	rmmod lsm_race_owner 2>/dev/null
	case $list in
	"$base" | "$base",lsm_race[0-3]) ;;
	*)
		bad=$((bad + 1))
		record A "$m" torn_lists "$list"
		;;
	esac
	i=$((i + 1))
done
ktap "$bad" "100 reads of /sys/kernel/security/lsm, 3 bytes at a time, each one whole list"
rmmod lsm_race
ktap $? "lsm_race unloads"
mkdir /tmp/after-race
ktap $? "mkdir after the race"
record R "$m" outcomes "$(dmesg | sed -n 's/^\[ *[0-9.]*\] //; s/^lsm_race: registered/registered/p' | tail -n 1)"
