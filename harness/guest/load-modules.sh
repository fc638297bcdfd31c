#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the demo: load each module of modules.tsv, see whether its
# policy works, unload it, and report every observation on fd 3 as
# tab-separated records for harness/collect-demo:
#   R <module> <key> <value>       an observation
#   M <module> <line>              a kernel message while loading and probing
#   U <module> <line>              a kernel message while unloading
# shellcheck source=guard.sh
. /kit/guard.sh

tab=$(printf '\t')
mod=

rec() {
	printf 'R\t%s\t%s\t%s\n' "$mod" "$1" "$2" >&3
}

messages() {
	dmesg -c | while IFS= read -r line; do
		printf '%s\t%s\t%s\n' "$1" "$mod" "$line" >&3
	done
}

lsm_listed() {
	if tr ',' '\n' </sys/kernel/security/lsm | grep -qx "$mod"; then
		echo true
	else
		echo false
	fi
}

# mkdir_probe KEY NAME: try mkdir /tmp/NAME, record exit status and error.
mkdir_probe() {
	if mkdir "/tmp/$2" 2>/tmp/mkdir.err; then
		rec "$1_exit" 0
		rmdir "/tmp/$2"
	else
		rec "$1_exit" 1
		rec "$1_error" "$(sed 's/.*: //' /tmp/mkdir.err)"
	fi
}

probe() {
	case $1 in
	lsm)
		rec lsm_listed "$(lsm_listed)"
		mkdir_probe mkdir_denied kit-denied
		mkdir_probe mkdir_allowed kit-allowed
		;;
	capable)
		rec admin "$(cat "/sys/module/$mod/parameters/admin" 2>/dev/null)"
		;;
	esac
}

dmesg -c >/dev/null
while IFS="$tab" read -r mod kind; do
	case $mod in '' | '#'*) continue ;; esac
	rec kind "$kind"
	rec taint_before "$(cat /proc/sys/kernel/tainted)"
	insmod "/kit/$mod.ko" >/tmp/insmod.out 2>&1
	rc=$?
	rec insmod_exit "$rc"
	rec insmod_output "$(tr '\n' ' ' </tmp/insmod.out)"
	rec taint_after "$(cat /proc/sys/kernel/tainted)"
	[ -r "/sys/module/$mod/taint" ] &&
		rec module_taint "$(cat "/sys/module/$mod/taint")"
	probe "$kind"
	messages M
	[ "$rc" = 0 ] || continue
	rmmod "$mod"
	rec rmmod_exit $?
	[ "$kind" = lsm ] && {
		rec lsm_listed_after_unload "$(lsm_listed)"
		mkdir_probe mkdir_denied_after_unload kit-denied
	}
	messages U
done </kit/modules.tsv
