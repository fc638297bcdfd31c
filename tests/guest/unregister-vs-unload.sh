#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of an unregistration that waits while its array's owner
# unloads.  lsm_api_test's hook sleeps in mkdir of kit-slow, holding the
# loadable hooks' grace period open; lsm_proxy, which registered
# lsm_proxy_owner's array for it, unregisters that array and waits; then
# lsm_proxy_owner is unloaded.  Each step writes a line to the kernel log
# ("kit: ..."), so that the host can tell the order of events from the
# log alone.  Records about lsm_proxy: each step's exit status and the
# kernel's messages.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_proxy
rec() {
	record R "$m" "$1" "$2"
}
# until_logged TEXT: wait up to 5 s for TEXT in the kernel log.
until_logged() {
	i=0
	until dmesg | grep -qF "$1" || [ $i -ge 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

guest_records
dmesg -c >/dev/null
insmod /kit/lsm_api_test.ko delay_ms=3000 quiet=1
rec sleeper_insmod_exit $?
insmod /kit/lsm_proxy.ko
rec proxy_insmod_exit $?
insmod /kit/lsm_proxy_owner.ko
rec owner_insmod_exit $?
# In a directory of its own: mkdir holds the parent's lock while the hook
# sleeps, and the steps below write files in /tmp.
mkdir /tmp/slow
(
	mkdir /tmp/slow/kit-slow
	echo $? >/tmp/slow.rc
) &
until_logged 'lsm_api_test: hook sleeping'
(
	if echo 1 >/sys/module/lsm_proxy/parameters/unregister; then
		echo 0
	else
		echo 1
	fi >/tmp/unregister.rc
) &
until_logged 'lsm_proxy: unregistering'
rmmod lsm_proxy_owner
rc=$?
echo "kit: rmmod lsm_proxy_owner returned $rc" >/dev/kmsg
rec owner_rmmod_exit "$rc"
wait
rec slow_mkdir_exit "$(cat /tmp/slow.rc)"
rec unregister_exit "$(cat /tmp/unregister.rc)"
mkdir /tmp/kit-after
rec mkdir_after_exit $?
rmmod lsm_proxy
rec proxy_rmmod_exit $?
rmmod lsm_api_test
rec sleeper_rmmod_exit $?
dmesg -c | sed 's/^\[ *[0-9.]*\] //' | grep -E '^(kit|lsm_proxy|lsm_api_test|LSM): ' | lines_of "$m" messages
