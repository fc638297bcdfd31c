#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the owner rule of patch 0002: only the module that holds a
# hook array may register or unregister it.  lsm_proxy_owner registers its
# array and offers it to lsm_proxy, which tries to register it as its own;
# then lsm_proxy tries to unregister it; then the owner unloads; then it
# loads again and unloads without unregistering.  Records about lsm_proxy:
# each step's exit status, the security modules listed, and the kernel's
# messages, audit records among them.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_proxy
rec() {
	record R "$m" "$1" "$2"
}

guest_records
dmesg -c >/dev/null
insmod /kit/lsm_proxy.ko
rec proxy_insmod_exit $?
insmod /kit/lsm_proxy_owner.ko
rec owner_insmod_exit $?
rec lsm_with_owner "$(cat /sys/kernel/security/lsm_loadable)"
if echo 1 >/sys/module/lsm_proxy/parameters/unregister; then
	rec proxy_unregister_exit 0
else
	rec proxy_unregister_exit 1
fi
rec lsm_after_proxy_unregister "$(cat /sys/kernel/security/lsm_loadable)"
mkdir /tmp/kit-dir
rec mkdir_exit $?
rmmod lsm_proxy_owner
rec owner_rmmod_exit $?
rec lsm_after_owner_rmmod "$(cat /sys/kernel/security/lsm_loadable)"
insmod /kit/lsm_proxy_owner.ko skip_unregister=1
rec owner_skip_insmod_exit $?
rmmod lsm_proxy_owner
rec owner_skip_rmmod_exit $?
rmmod lsm_proxy
rec proxy_rmmod_exit $?
# kauditd prints the audit records (no auditd here) on its own time.
i=0
until dmesg | grep -q 'op=unload lsm=lsm_proxy_owner' || [ $i -ge 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
dmesg -c | sed 's/^\[ *[0-9.]*\] //' | grep -E '^(lsm_proxy|lsm_proxy_owner|LSM|audit): ' | lines_of "$m" messages
