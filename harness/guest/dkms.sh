#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Runs inside the Debian guest (harness/guest/debian.sh): install each
# example of /kit/dkms/plan.tsv the way a customer would, with dkms, load
# what dkms installed with modprobe, see whether its policy works, unload
# it, and report everything as records (observe.sh, records.sh).
#
# plan.tsv: module, dkms package name, version, method, kind (lsm|capable).
# Methods: "deb" installs the <name>-dkms package with apt, whose
# maintainer script runs dkms; "dkms" is dkms add + dkms install of the
# source tree; "tarball" is dkms ldtarball + dkms install of the
# source-only tarball.  dkms's exit status 77 means BUILD_EXCLUSIVE_*
# skipped the build: recorded as its own outcome, not as a failure.
# shellcheck source=guard.sh
. /kit/guard.sh
set -uo pipefail
# shellcheck source=observe.sh
. /kit/observe.sh

export DEBIAN_FRONTEND=noninteractive
release=$(uname -r)
cd /kit/dkms || exit 1

# install_with METHOD NAME VERSION: the customer's commands; output in
# /tmp/install.out, their exit status returned.
install_with() {
	local method=$1 name=$2 version=$3
	case $method in
	deb)
		rec install_command "apt-get install ./${name}-dkms_${version}_all.deb"
		apt-get install -y -q -o Dpkg::Use-Pty=0 "./${name}-dkms_${version}_all.deb"
		;;
	dkms)
		rec install_command "dkms add src/$name-$version && dkms install $name/$version"
		dkms add "src/$name-$version" && dkms install "$name/$version"
		;;
	tarball)
		rec install_command "dkms ldtarball $name-$version-source-only.dkms.tar.gz && dkms install $name/$version"
		dkms ldtarball "$name-$version-source-only.dkms.tar.gz" &&
			dkms install "$name/$version"
		;;
	*)
		echo "unknown method '$method'"
		return 2
		;;
	esac >/tmp/install.out 2>&1
}

# The result of the install, from dkms itself: its status line for this
# kernel, and where the module went.
outcome() {
	local name=$1 version=$2 rc=$3 status
	status=$(dkms status "$name/$version" -k "$release" 2>/dev/null)
	rec dkms_status "$status"
	if ((rc == 77)); then
		echo skipped
	elif [[ $status == *": installed"* ]]; then
		echo installed
	elif [[ -f /var/lib/dkms/$name/$version/build/make.log ]]; then
		echo build-failed
	else
		echo failed
	fi
}

dmesg -c >/dev/null
while IFS=$'\t' read -r mod name version method kind; do
	[[ -z $mod || $mod == '#'* ]] && continue
	rec kind "$kind"
	rec package "$name/$version"
	rec method "$method"
	start=$EPOCHREALTIME
	install_with "$method" "$name" "$version"
	rc=$?
	rec install_seconds "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')"
	rec install_exit "$rc"
	rec_lines install_output /tmp/install.out
	result=$(outcome "$name" "$version" "$rc")
	rec install_result "$result"
	# A failed build leaves make.log; its errors are what the vendor needs.
	log=/var/lib/dkms/$name/$version/build/make.log
	if [[ $result != installed && -f $log ]]; then
		rec make_log "$log"
		grep -E 'ERROR:|error:' "$log" >/tmp/make-errors || true
		rec_lines make_log_errors /tmp/make-errors
	fi
	taint_records before
	if [[ $result == installed ]]; then
		rec module_path "$(modinfo -n "$mod" 2>&1)"
		load_records "$kind" modprobe "$mod"
	fi
done <plan.tsv
exit 0
