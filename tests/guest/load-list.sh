#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the export-check agreement tests: insmod each "name file
# module" line of /kit/cases.txt in turn, after the modules of
# /kit/deps.txt; record about each name the kernel taint before and after,
# insmod_exit, the module's taint, and every new kernel line (the loader's
# messages do not all name the module); unload it, unless /kit/keep says
# to leave each for the next (the first, "alone", is always unloaded).
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

guest_records
if [ -r /kit/deps.txt ]; then
	while read -r f; do
		insmod "/kit/$f"
	done </kit/deps.txt
fi
dmesg -c >/dev/null
while read -r name file mod; do
	record R "$name" taint_before "$(cat /proc/sys/kernel/tainted)"
	insmod "/kit/$file" 2>/dev/null
	record R "$name" insmod_exit $?
	record R "$name" taint_after "$(cat /proc/sys/kernel/tainted)"
	[ -r "/sys/module/$mod/taint" ] && record R "$name" module_taint "$(cat "/sys/module/$mod/taint")"
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' | lines_of "$name" messages
	if [ ! -e /kit/keep ] || [ "$name" = alone ]; then
		rmmod "$mod" 2>/dev/null
	fi
done </kit/cases.txt
exit 0
