#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the registration races of patch 0002: with lsm_race's
# threads registering their own hooks on every CPU and trying to register
# lsm_race_owner's, load and unload lsm_race_owner (whose threads register
# and unregister its own hooks as it loads and unloads, and whose hook
# sleeps in the mkdirs made as it unloads) /kit/cycles times, then unload
# lsm_race, which prints how each attempt ended.  It judges what it can
# itself, as KTAP (the "ktap" of lsm_race); the host checks the CPUs and
# the outcomes.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh
# shellcheck source=owner-cycle.sh
. /kit/owner-cycle.sh

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
owner_cycles "$cycles"
ktap "$cycle_failures" "$cycles loads, mkdirs and unloads of lsm_race_owner"
# /sys/kernel/security/lsm_loadable read a few bytes at a time while
# lsm_race's threads change the list: each open file must give one whole
# list.  /sys/kernel/security/lsm stays the built-in list.
bad=0
i=0
while [ "$i" -lt 100 ]; do
	insmod /kit/lsm_race_owner.ko 2>/dev/null
	list=$(dd if=/sys/kernel/security/lsm_loadable bs=3 2>/dev/null)
	rmmod lsm_race_owner 2>/dev/null
	# Each registered name once.
	if [ "$(cat /sys/kernel/security/lsm)" != "$base" ] ||
		! echo "$list" | grep -Eqx '(lsm_race(_owner)?[0-3](,lsm_race(_owner)?[0-3])*)?' ||
		[ -n "$(echo "$list" | tr ',' '\n' | sort | uniq -d)" ]; then
		bad=$((bad + 1))
		record A "$m" torn_lists "$list"
	fi
	i=$((i + 1))
done
ktap "$bad" "100 reads of /sys/kernel/security/lsm_loadable, 3 bytes at a time, each one whole list"
rmmod lsm_race
ktap $? "lsm_race unloads"
mkdir /tmp/after-race
ktap $? "mkdir after the race"
record R "$m" outcomes "$(dmesg | sed -n 's/^\[ *[0-9.]*\] //; s/^lsm_race: registered/registered/p' | tail -n 1)"
# Each unload of lsm_race_owner printed its own outcomes: their sums.
record R "$m" owner_outcomes "$(owner_outcomes)"
record R "$m" owner_removed "$(owner_removed)"
