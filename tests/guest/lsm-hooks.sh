#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the reserved-hook test of patch 0002.  Loads
# lsm_hooks_test, which tries every hook alone (its KTAP, one case per
# hook) and then stays registered with every hook it was allowed, all
# returning "allowed"; then sets a security.* xattr with and without
# CAP_SYS_ADMIN, with that module loaded and after it is gone.  Records
# about lsm_hooks_test: "ktap", insmod_exit, lsm_loaded, rmmod_exit and
# setxattr_{loaded,unloaded}_{with,without} (0 or the errno's name).
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_hooks_test
rec() {
	record R "$m" "$1" "$2"
}

# xattr WHEN: setxattr security.kit on a tmpfs file, with and without
# CAP_SYS_ADMIN.
xattr() {
	touch /tmp/xattr-target
	/kit/xattr-nocap /tmp/xattr-target security.kit | while IFS="$(printf '\t')" read -r how result; do
		rec "setxattr_$1_$how" "$result"
	done
}

guest_records
dmesg -c >/dev/null
insmod /kit/lsm_hooks_test.ko
rec insmod_exit $?
ktap_of "$m" "$m"
rec lsm_loaded "$(cat /sys/kernel/security/lsm_loadable)"
xattr loaded
rmmod lsm_hooks_test
rec rmmod_exit $?
xattr unloaded
