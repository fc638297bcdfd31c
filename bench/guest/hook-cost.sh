#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of bench/hook-cost.  With kit.bench=module on the command
# line, first load lsm_noop (file_permission and inode_permission hooks
# that allow everything); then run hookbench.  Records about the guest
# (nproc, lsm), the loadable LSMs registered, and about "hookbench": the
# ns per call of each workload.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

case " $(cat /proc/cmdline) " in
*" kit.bench=module "*)
	insmod /kit/lsm_noop.ko || exit 1
	;;
esac
guest_records
if [ -e /sys/kernel/security/lsm_loadable ]; then
	record R hookbench_guest lsm_loadable "$(cat /sys/kernel/security/lsm_loadable)"
fi
/kit/hookbench "$(cat /kit/iterations)" >/tmp/out || exit 1
while IFS="$(printf '\t')" read -r name ns; do
	record R hookbench "$name" "$ns"
done </tmp/out
