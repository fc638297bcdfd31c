#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of bench/hook-cost.  With kit.bench=module on the command
# line, first load lsm_noop (file_permission and inode_permission hooks
# that allow everything); then run hookbench.  Reports on fd 3:
#   R <key> <value>     lsm (the list in securityfs), nproc, and the ns
#                       per call of each workload
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
rec() {
	printf 'R\t%s\t%s\n' "$1" "$2" >&3
}

case " $(cat /proc/cmdline) " in
*" kit.bench=module "*)
	insmod /kit/lsm_noop.ko || exit 1
	;;
esac
rec lsm "$(cat /sys/kernel/security/lsm)"
rec nproc "$(nproc)"
/kit/hookbench "$(cat /kit/iterations)" >/tmp/out || exit 1
while IFS="$(printf '\t')" read -r name ns; do
	rec "$name" "$ns"
done </tmp/out
