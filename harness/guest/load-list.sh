#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Load modules one by one and record what the kernel did, for comparison
# with export-check's predictions: first the modules of /kit/deps.txt (a
# file a line: modules the others need, such as a distribution's own),
# then each line of /kit/cases.txt, "name file module [keep]", in order.
# Records about each name: the kernel's taint before and after,
# insmod_exit, the module's taint, and every new kernel line (the loader's
# do not all name the module).  Each is unloaded after, unless its line
# says keep (a package's first module, for the next), or /kit/keep says so
# for all (but the one named "alone", always unloaded).
# shellcheck source=guard.sh
. /kit/guard.sh
# shellcheck source=records.sh
. /kit/records.sh

guest_records
if [ -r /kit/deps.txt ]; then
	while read -r f; do
		insmod "/kit/$f"
	done </kit/deps.txt
fi
dmesg -c >/dev/null
while read -r name file mod keep; do
	record R "$name" taint_before "$(cat /proc/sys/kernel/tainted)"
	insmod "/kit/$file" 2>/dev/null
	record R "$name" insmod_exit $?
	record R "$name" taint_after "$(cat /proc/sys/kernel/tainted)"
	[ -r "/sys/module/$mod/taint" ] && record R "$name" module_taint "$(cat "/sys/module/$mod/taint")"
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' | lines_of "$name" messages
	if [ "$keep" != keep ] && { [ ! -e /kit/keep ] || [ "$name" = alone ]; }; then
		rmmod "$mod" 2>/dev/null
	fi
done </kit/cases.txt
exit 0
