#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the cases vendors meet (example-modules/cases): a GPL shim
# and the proprietary module that registers an LSM through it, and a GPL
# module that uses GPL-only symbols and a proprietary module's symbol.
# Reports on fd 3:
#   R <module> <key> <value>
#   M <line>                    the kernel log at the end
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh

rec() {
	printf 'R\t%s\t%s\t%s\n' "$1" "$2" "$3" >&3
}

load() {
	insmod "/kit/$1.ko" 2>/dev/null
	rec "$1" insmod_exit $?
	[ -r "/sys/module/$1/taint" ] && rec "$1" module_taint "$(cat "/sys/module/$1/taint")"
}

dmesg -c >/dev/null
load gpl_shim
load proprietary_via_shim
if mkdir /tmp/kit-denied 2>/dev/null; then
	rec proprietary_via_shim mkdir_denied_exit 0
else
	rec proprietary_via_shim mkdir_denied_exit 1
fi
rmmod proprietary_via_shim
rmmod gpl_shim
load prop_exporter
load gpl_importer
dmesg | while IFS= read -r line; do
	printf 'M\t%s\n' "$line" >&3
done
