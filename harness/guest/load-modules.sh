#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the demo: load each module of modules.tsv, see whether its
# policy works, unload it, and report every observation on fd 3 (the
# records of observe.sh) for harness/collect-demo.
# shellcheck source=guard.sh
. /kit/guard.sh

# shellcheck source=observe.sh
. /kit/observe.sh

tab=$(printf '\t')
mod=

dmesg -c >/dev/null
while IFS="$tab" read -r mod kind; do
	case $mod in '' | '#'*) continue ;; esac
	rec kind "$kind"
	taint_records before
	load_records "$kind" insmod "/kit/$mod.ko"
done </kit/modules.tsv
