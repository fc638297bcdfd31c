# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=sh
#
# Sourced first by every guest script that loads modules: they must never
# run on a real machine.  The kit's guests boot a kernel whose release ends
# in -lsmkit with kit.guest=1 on the command line (harness/run-guest); a
# host has neither.  The distro guest boots Debian's own kernel, which it
# names on the command line, kit.distro=<release> (make distro): a
# host that runs that kernel was not booted with that.  On a host this
# file is not at /kit/guard.sh either, and sourcing a missing file ends the
# script.
case " $(cat /proc/cmdline 2>/dev/null) " in
*" kit.guest=1 "*) ;;
*)
	echo "$0: refusing to run outside the kit's QEMU guest" >&2
	exit 2
	;;
esac
case $(uname -r) in
*-lsmkit*) ;;
*)
	case " $(cat /proc/cmdline 2>/dev/null) " in
	*" kit.distro=$(uname -r) "*) ;;
	*)
		echo "$0: refusing to run on kernel $(uname -r), not a kit kernel" >&2
		exit 2
		;;
	esac
	;;
esac
