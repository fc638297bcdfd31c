# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=sh
#
# Sourced by the guest scripts that load a module and see what it does,
# whether insmod put it there (load-modules.sh) or dkms (dkms.sh).  Each
# observation is a record (records.sh) about the module named by $mod:
# "messages" and "unload_messages" hold the kernel's lines about it while
# it loaded and was probed, and while it unloaded.

# Guest-only, like the scripts that source it: refused on a host.
# shellcheck source=guard.sh
. /kit/guard.sh
# shellcheck source=records.sh
. /kit/records.sh

mod=${mod-}

rec() {
	record R "$mod" "$1" "$2"
}

# rec_lines KEY FILE: each line of FILE as one more line of the list KEY.
rec_lines() {
	lines_of "$mod" "$1" "$2"
}

# messages messages|unload_messages: the kernel's new lines about $mod.
messages() {
	kernel_lines_of "$mod" "$1"
}

lsm_listed() {
	if tr ',' '\n' </sys/kernel/security/lsm_loadable | grep -qx "$mod"; then
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

# probe lsm|capable: does the loaded module's policy work?
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

# taint_records before|after: the kernel's taint mask, and the module's own
# flags once it is loaded.
taint_records() {
	rec "taint_$1" "$(cat /proc/sys/kernel/tainted)"
	if [ "$1" = after ] && [ -r "/sys/module/$mod/taint" ]; then
		rec module_taint "$(cat "/sys/module/$mod/taint")"
	fi
}

# load_records KIND insmod FILE | KIND modprobe NAME: load $mod the one way
# or the other and record the outcome (insmod_exit or modprobe_exit, and
# the command's output), the taint it left, whether its policy works and
# what the kernel said; then unload it the same way (rmmod, modprobe -r)
# and see the hook gone.
load_records() {
	kind=$1 load=$2
	shift
	"$@" >/tmp/load.out 2>&1
	load_exit=$?
	rec "${load}_exit" "$load_exit"
	rec "${load}_output" "$(tr '\n' ' ' </tmp/load.out)"
	taint_records after
	probe "$kind"
	messages messages
	[ "$load_exit" = 0 ] || return 0
	if [ "$load" = insmod ]; then
		rmmod "$mod"
	else
		modprobe -r "$mod"
	fi
	rec rmmod_exit $?
	[ "$kind" = lsm ] && {
		rec lsm_listed_after_unload "$(lsm_listed)"
		mkdir_probe mkdir_denied_after_unload kit-denied
	}
	messages unload_messages
}
