# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=sh
#
# The results channel: what every guest script tells the host, one record
# a line on fd 3 (a pipe to the guest's second serial port), tab-separated:
#   R <subject> <key> <value>   an observation: key = value
#   A <subject> <key> <line>    one more line of the list "key"
# The subject is a module's name, or "guest" for the guest as a whole.
# Lists in use: "messages" and "unload_messages" (the kernel's lines about
# the subject while it loaded and unloaded), "ktap" (KTAP a test printed),
# and command output.  results/guest-records turns a channel into
# {"<subject>": {"<key>": "value" | ["line", ...]}}.
# Sourced by guest scripts (never run on a host: guard.sh comes first).

record() {
	channel_printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4"
}

# channel_printf FORMAT ARG...: printf to the channel, a pipe
# (harness/guest/init).  A line shorter than PIPE_BUF (4096 bytes) goes in
# one write, whole or not at all: one that a signal cut short (a shell's
# SIGCHLD handler has no SA_RESTART) wrote nothing, and is written again.
channel_printf() {
	_tries=0
	# shellcheck disable=SC2059 # the caller's format
	until printf "$@" >&3 2>/dev/null; do
		_tries=$((_tries + 1))
		if [ "$_tries" -ge 100 ]; then
			echo "channel: cannot write: $*" >&2
			return 1
		fi
	done
}

# lines_of SUBJECT KEY [FILE]: each line of FILE (or stdin) as an A record.
# (No /dev/stdin in the busybox guests: devtmpfs does not make it.)
lines_of() {
	if [ -n "${3:-}" ]; then
		lines_of "$1" "$2" <"$3"
		return
	fi
	while IFS= read -r _line || [ -n "$_line" ]; do
		record A "$1" "$2" "$_line"
	done
}

# kernel_lines_of SUBJECT KEY: the kernel's new messages (dmesg -c) that
# name SUBJECT, as a list; the rest (clocksource, crng...) are not its.
kernel_lines_of() {
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' | grep -wF -- "$1" | lines_of "$1" "$2"
}

# ktap_of SUBJECT PREFIX: the KTAP that a test module printed, with the
# kernel's "PREFIX: " stripped, from the new kernel messages.
ktap_of() {
	dmesg -c | sed -n "s/^\\[ *[0-9.]*\\] //; s/^$2: //p" | sed -n '/^KTAP version 1$/,$p' |
		lines_of "$1" ktap
}

# Facts about the guest itself: its CPUs and its security modules.
guest_records() {
	record R guest nproc "$(nproc)"
	record R guest lsm "$(cat /sys/kernel/security/lsm)"
}
