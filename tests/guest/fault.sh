#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the harness tests: misbehave as /kit/fault-mode says.
#   hang            never finish
#   status-N        exit with status N
#   oops|panic|warn load harness_fault.ko with that mode
#   kthread-oops    load it so, then never finish (the oops ends no process)
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
mode=$(cat /kit/fault-mode)
case $mode in
hang) exec sleep 100000 ;;
kthread-oops)
	insmod /kit/harness_fault.ko mode="$mode"
	exec sleep 100000
	;;
status-*) exit "${mode#status-}" ;;
*) insmod /kit/harness_fault.ko mode="$mode" ;;
esac
exit 0
