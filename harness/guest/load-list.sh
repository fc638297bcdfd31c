#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The one load loop of the guests that load modules one by one: first the
# modules of /kit/deps.txt (a file a line: modules the others need, such
# as a distribution's own), then /kit/load-plan.tsv in order, a step a
# line, "name file module [action]" (# starts a comment):
#   (none)  insmod file, record, rmmod module, unless /kit/keep says to
#           keep every module loaded for the next;
#   keep    insmod file, record, and keep it loaded (a package's first
#           module, a provider);
#   alone   as (none), but always unloaded (a module tried before its
#           package's other modules);
#   rmmod   unload module (file is -);
#   mkdir-denied  mkdir /tmp/kit-denied, which a loaded LSM example
#           denies: mkdir_denied_exit of name is 1 if it was refused.
# A file that is not there (it did not build) is skipped.  Records about
# each name: the kernel's taint before and after, insmod_exit, the
# module's taint, and every new kernel line (the loader's do not all name
# the module).
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
while read -r name file mod action; do
	case $name in '' | '#'*) continue ;; esac
	case $action in
	rmmod)
		rmmod "$mod" 2>/dev/null
		record R "$name" rmmod_exit $?
		continue
		;;
	mkdir-denied)
		if mkdir /tmp/kit-denied 2>/dev/null; then
			rmdir /tmp/kit-denied
			record R "$name" mkdir_denied_exit 0
		else
			record R "$name" mkdir_denied_exit 1
		fi
		continue
		;;
	esac
	[ -r "/kit/$file" ] || continue
	record R "$name" taint_before "$(cat /proc/sys/kernel/tainted)"
	insmod "/kit/$file" 2>/dev/null
	record R "$name" insmod_exit $?
	record R "$name" taint_after "$(cat /proc/sys/kernel/tainted)"
	[ -r "/sys/module/$mod/taint" ] && record R "$name" module_taint "$(cat "/sys/module/$mod/taint")"
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' | lines_of "$name" messages
	if [ "$action" = alone ] || { [ "$action" != keep ] && [ ! -e /kit/keep ]; }; then
		rmmod "$mod" 2>/dev/null
	fi
done </kit/load-plan.tsv
exit 0
