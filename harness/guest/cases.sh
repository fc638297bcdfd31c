#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The cases vendors meet (/kit/cases.tsv, example-modules/cases/cases.tsv),
# in the patched guest, as records about each module: insmod_exit,
# module_taint, messages, and for the shim mkdir_denied_exit.
#   shim      gpl_shim re-exports register_security; proprietary_via_shim
#             registers an LSM through it: does its policy work?
#   importer  prop_exporter exports a helper; gpl_importer uses it and
#             GPL-only symbols: the loader refuses it (5.9 and later)
#   pair      pair_user alone first (refused: its sibling is not loaded,
#             recorded as alone_insmod_exit), then pair_provider and
#             pair_user in order
#   plain     insmod, look, rmmod
# shellcheck source=guard.sh
. /kit/guard.sh
# shellcheck source=records.sh
. /kit/records.sh

tab=$(printf '\t')

load() {
	[ -r "/kit/$1.ko" ] || return 0
	insmod "/kit/$1.ko" 2>/dev/null
	record R "$1" insmod_exit $?
	[ -r "/sys/module/$1/taint" ] && record R "$1" module_taint "$(cat "/sys/module/$1/taint")"
	kernel_lines_of "$1" messages
}

guest_records
dmesg -c >/dev/null

load gpl_shim
load proprietary_via_shim
if mkdir /tmp/kit-denied 2>/dev/null; then
	record R proprietary_via_shim mkdir_denied_exit 0
else
	record R proprietary_via_shim mkdir_denied_exit 1
fi
rmmod proprietary_via_shim gpl_shim 2>/dev/null

load prop_exporter
load gpl_importer

if [ -r /kit/pair_user.ko ]; then
	insmod /kit/pair_user.ko 2>/dev/null
	record R pair_user alone_insmod_exit $?
	dmesg -c >/dev/null
	load pair_provider
	load pair_user
fi

while IFS="$tab" read -r m _ _ how _; do
	case $m in '' | '#'*) continue ;; esac
	[ "$how" = plain ] || continue
	load "$m"
	rmmod "$m" 2>/dev/null
done </kit/cases.tsv
exit 0
