#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the reserved-hook test of patch 0001.  Loads
# lsm_hooks_test, which tries every hook alone (KTAP, one line per hook)
# and then stays registered with every hook it was allowed, all returning
# "allowed"; then sets a security.* xattr with and without CAP_SYS_ADMIN,
# with that module loaded and after it is gone.  Reports on fd 3:
#   R <key> <value>     an observation
#   K <line>            lsm_hooks_test's KTAP output
#   M <line>            the kernel log after that
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
rec() {
	printf 'R\t%s\t%s\n' "$1" "$2" >&3
}

# xattr WHEN: setxattr security.kit on a tmpfs file, with and without
# CAP_SYS_ADMIN; records WHEN_with and WHEN_without.
xattr() {
	touch /tmp/xattr-target
	/kit/xattr-nocap /tmp/xattr-target security.kit | while IFS="$(printf '\t')" read -r how result; do
		rec "setxattr_$1_$how" "$result"
	done
}

rec nproc "$(nproc)"
rec lsm "$(cat /sys/kernel/security/lsm)"
dmesg -c >/dev/null
insmod /kit/lsm_hooks_test.ko
rec insmod_exit $?
dmesg -c | sed -n 's/^lsm_hooks_test: //p' | while IFS= read -r line; do
	printf 'K\t%s\n' "$line" >&3
done
rec lsm_loaded "$(cat /sys/kernel/security/lsm)"
xattr loaded
rmmod lsm_hooks_test
rec rmmod_exit $?
xattr unloaded

dmesg | while IFS= read -r line; do
	printf 'M\t%s\n' "$line" >&3
done
