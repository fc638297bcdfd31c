#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The initramfs side of the Debian guest (run.sh of its initramfs): mount
# the Debian image from /dev/vda (QEMU writes to a throw-away overlay, so
# nothing persists), hand it /kit, and run Debian's bash in it as a chroot:
#   kit.debian=<script>   run /kit/<script> there (dkms.sh: the dkms demo)
#   kit.debian=shell      an interactive root shell on the console
# No systemd: the guest is up in seconds and does one job.
# shellcheck source=guard.sh
. /kit/guard.sh

root=/debian
job=$(sed -n 's/.*kit\.debian=\([^ ]*\).*/\1/p' /proc/cmdline)
[ -n "$job" ] || { echo "debian.sh: no kit.debian= on the kernel command line" >&2; exit 2; }

# What udev and systemd would set up, and Debian's tools expect: bash's
# <(...) needs /dev/fd (dkms uses it), apt and dpkg want a pty.
ln -sf /proc/self/fd /dev/fd
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm

hostname kit-guest
mkdir -p "$root"
mount -t ext4 /dev/vda "$root" || { echo "debian.sh: cannot mount the Debian image /dev/vda" >&2; exit 1; }
for d in proc sys dev dev/pts dev/shm sys/kernel/security tmp; do
	mount -o bind "/$d" "$root/$d" || exit 1
done
cp -a /kit "$root/"

if [ "$job" = shell ]; then
	# The host terminal's size (run-guest --interactive), for line editing.
	size=$(sed -n 's/.*kit\.tty=\([0-9]*\)x\([0-9]*\).*/cols \1 rows \2/p' /proc/cmdline)
	# shellcheck disable=SC2086 # two words per setting
	[ -z "$size" ] || stty $size
	cat <<EOF

  LSM export kit: a Debian guest on kernel $(uname -r) (the $(uname -v | cut -d' ' -f1 | tr -d '#') kernel)
  The example modules, packaged for dkms, are in /kit/dkms:
$(cut -f2,3 /kit/dkms/packages.tsv | sed 's|\t|/|; s|^|    |')
  Try:
    cd /kit/dkms
    apt-get install ./gpl-lsm-dkms_1.0_all.deb    the Debian way: the package runs dkms
    modprobe gpl_lsm; mkdir /tmp/kit-denied       its hook says no
    dkms add src/proprietary-lsm-1.0
    dkms install proprietary-lsm/1.0              on the patched kernel, modpost says no
    cat /var/lib/dkms/proprietary-lsm/1.0/build/make.log
    dmesg | tail; cat /proc/sys/kernel/tainted
  Leave with "exit" (or Ctrl-A X).  Nothing is kept: the image is used
  through a throw-away overlay.

EOF
	# A controlling terminal (cttyhack) for job control and ^C.
	TERM=${TERM:-linux} HOME=/root setsid cttyhack chroot "$root" /bin/bash --login
	exit 0
fi
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
	/bin/bash "/kit/$job"
