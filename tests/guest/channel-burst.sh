#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of channel_survives_exit: write /kit/burst-records numbered
# records to the results channel, faster than the port sends them, while
# children of this shell exit (each a SIGCHLD, which cuts short a write
# blocked on a full channel) and the kernel floods the console from the
# other CPU; then end at once, the last bytes still in flight.  Every
# record must reach the host, once.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

n=$(cat /kit/burst-records)
taskset 1 sh -c 'while :; do echo "kit-burst: console load beside the channel" >/dev/kmsg; done' &
load=$!
i=0
while [ "$i" -lt "$n" ]; do
	if [ $((i % 16)) -eq 0 ]; then
		sleep 0.001 &
	fi
	record R burst "$i" "0123456789abcdef0123456789abcdef"
	i=$((i + 1))
done
kill "$load"
wait
record R burst sent "$n"
exit 0
