#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the API and lifetime test of patch 0002.  Loads
# lsm_api_test (which checks register_security()'s error returns, the
# static key at /kit/key_site and the built-in list at /kit/heads_offset as
# it loads, in KTAP), unloads it while its hook sleeps, then loads it again
# with skip_unregister=1 and unloads it.
# Records about lsm_api_test: its KTAP ("ktap"), each step's outcome, and
# the kernel's messages; about the guest: nproc, lsm.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_api_test
rec() {
	record R "$m" "$1" "$2"
}

lsm_listed() {
	if tr ',' '\n' </sys/kernel/security/lsm_loadable | grep -qx "$m"; then
		echo true
	else
		echo false
	fi
}

guest_records
dmesg -c >/dev/null
rec lsm_loadable_before "$(cat /sys/kernel/security/lsm_loadable)"
rec perf_cpu_before "$(/kit/as-user 0 perf-cpu - 2>&1)"
rec pdeath_before "$(/kit/as-user 4248 pdeath - 2>&1)"
insmod /kit/lsm_api_test.ko delay_ms=2000 key_site="$(cat /kit/key_site)" \
	heads_offset="$(cat /kit/heads_offset)"
rec insmod_exit $?
ktap_of "$m" "$m"
rec lsm_listed "$(lsm_listed)"
# A hook that answers 1, not 0 or an error: mkdir must fail, with EPERM.
mkdir /tmp/kit-positive 2>/tmp/positive.err
rec positive_mkdir_exit $?
rec positive_mkdir_error "$(cat /tmp/positive.err)"
if [ -d /tmp/kit-positive ]; then
	rec positive_dir_made true
else
	rec positive_dir_made false
fi
# One below -MAX_ERRNO, no error code: the same.
mkdir /tmp/kit-errno 2>/tmp/errno.err
rec errno_mkdir_exit $?
rec errno_mkdir_error "$(cat /tmp/errno.err)"
# -ESRCH, -ERESTARTSYS (which would restart mkdir for ever), -EACCES and
# -ECHILD (mkdir is no RCU path walk).
for a in esrch restart eacces echild; do
	mkdir "/tmp/kit-$a" 2>"/tmp/$a.err"
	rec "${a}_mkdir_exit" $?
	rec "${a}_mkdir_error" "$(cat "/tmp/$a.err")"
done
# Owned by 4242, a directory and a symlink whose hooks answer -ECHILD in
# an RCU path walk only: the walk goes on in ref mode.  The link is in a
# tmpfs of its own, mode 755 and noatime: not sticky, as /tmp is, where
# fs.protected_symlinks refuses to follow it, nor in the directory, where
# the walk has left RCU mode, and with no atime to update, for which
# pick_link() leaves RCU mode before asking the hook.
mkdir /tmp/kit-retry /tmp/kit-links
mount -t tmpfs -o noatime,mode=755 kit-links /tmp/kit-links
echo kit >/tmp/kit-retry/file
echo kit >/tmp/kit-links/file
ln -s file /tmp/kit-links/link
chown 4242 /tmp/kit-retry
chown -h 4242 /tmp/kit-links/link
rec retry_read "$(cat /tmp/kit-retry/file 2>&1)"
rec retry_link_read "$(cat /tmp/kit-links/link 2>&1)"
# Owned by 4243, a file whose inode_permission answers -ECHILD always.
echo kit >/tmp/kit-echild-file
chown 4243 /tmp/kit-echild-file
cat /tmp/kit-echild-file >/dev/null 2>/tmp/echild-open.err
rec echild_open_exit $?
rec echild_open_error "$(cat /tmp/echild-open.err)"
# A set-user-ID file of 4244, whose every change of attributes the module
# refuses, in a tmpfs (shmem_fallocate() drops the answer of the removal
# of privileges): 4244's chmod is refused, but its fallocate() and write()
# must still clear the bit, as for any writer without CAP_FSETID.
mkdir /tmp/kit-privs
mount -t tmpfs kit-privs /tmp/kit-privs
: >/tmp/kit-privs/file
chown 4244:4244 /tmp/kit-privs/file
chmod 4755 /tmp/kit-privs/file
rec privs_chmod "$(/kit/as-user 4244 chmod /tmp/kit-privs/file 2>&1)"
rec privs_mode_after_chmod "$(stat -c %a /tmp/kit-privs/file)"
rec privs_fallocate "$(/kit/as-user 4244 fallocate /tmp/kit-privs/file 2>&1)"
rec privs_mode_after_fallocate "$(stat -c %a /tmp/kit-privs/file)"
chmod 4755 /tmp/kit-privs/file
rec privs_write "$(/kit/as-user 4244 write /tmp/kit-privs/file 2>&1)"
rec privs_mode_after_write "$(stat -c %a /tmp/kit-privs/file)"
# Sockets of 4245, every packet for which the module refuses: a UDP
# datagram is dropped; an AF_UNIX datagram and netlink's answer, whose
# senders are told they were delivered, are not the module's to drop.
ip link set lo up
for op in udp unix netlink; do
	rec "rcv_$op" "$(/kit/as-user 4245 "$op" - 2>&1)"
done
# A device node, given to 4246 with its directory and hard-linked: the
# module refuses every change, stat and unlink of 4246's inodes, and
# searches of its directories, but when the device goes, devtmpfs must
# still remove the node and its directory, and reset the link to root,
# mode 0.
insmod /kit/kit_node.ko
rec node_made "$(stat -c '%u %a' /dev/kit/node 2>&1)"
ln /dev/kit/node /dev/kit_node_link
chmod 600 /dev/kit/node
chown 4246 /dev/kit/node /dev/kit
rmmod kit_node
# found GLOB NAME: whether the glob GLOB finds NAME.  A glob reads the
# directory only: ls and test stat() what they find, which the module
# refuses for 4246's inodes.
found() {
	# shellcheck disable=SC2086 # expanded to be globbed
	set -- $1 "$2"
	if [ "$1" = "$2" ]; then echo true; else echo false; fi
}
# The directory, which no one may search: gone, the node is gone too.
rec node_dir_left "$(found '/dev/ki[t]' /dev/kit)"
rec node_link_after "$(stat -c '%u %a' /dev/kit_node_link 2>&1)"
# kdevtmpfs is exempt on devtmpfs only: with a tmpfs of 4246's on kit in
# its mount namespace, it may not search kit to make the node there.
mkdir /dev/kit
kdevtmpfs_comm=$(grep -lx kdevtmpfs /proc/[0-9]*/comm)
kdevtmpfs_ns=${kdevtmpfs_comm%/comm}/ns/mnt
rec other_fs_mount "$(/kit/in-mntns "$kdevtmpfs_ns" mount-tmpfs /kit uid=4246,mode=755 2>&1)"
insmod /kit/kit_node.ko
rec other_fs_node "$(/kit/in-mntns "$kdevtmpfs_ns" list /kit 2>&1)"
rmmod kit_node
rec other_fs_umount "$(/kit/in-mntns "$kdevtmpfs_ns" umount /kit 2>&1)"
rmdir /dev/kit
# The module refuses every CPU-wide perf event, but a kernel thread that
# makes a counter for the kernel, as the hard-lockup detector does when a
# CPU comes up, is not asked: the detector drops the error.
rec perf_cpu "$(/kit/as-user 0 perf-cpu - 2>&1)"
insmod /kit/kit_counter.ko
rec counter_insmod_exit $?
for from in kthread insmod; do
	rec "counter_from_$from" "$(cat /sys/module/kit_counter/parameters/from_$from)"
done
rmmod kit_counter
# The module refuses IPv6 datagram sockets, datagrams to port 4247 and
# peeks at UDP sockets, but not the kernel's own sockets, nor a kernel
# thread's peek.
insmod /kit/kit_ksock.ko
rec ksock_insmod_exit $?
for p in kern_create kern_send task_create task_send task_peek kthread_send kthread_peek; do
	rec "ksock_$p" "$(cat /sys/module/kit_ksock/parameters/$p)"
done
rmmod kit_ksock
# The module refuses SIGUSR1 from 4248's tasks, but not the parent-death
# signal that one of them sends as it exits, which the kernel drops if
# refused.
rec kill_child "$(/kit/as-user 4248 kill-child - 2>&1)"
rec pdeath "$(/kit/as-user 4248 pdeath - 2>&1)"
# It refuses every change of I/O priority, but not a kernel thread's, which
# ext4 and f2fs make without looking at the answer.
kdevtmpfs_pid=${kdevtmpfs_comm#/proc/}
rec ioprio_own "$(/kit/as-user 0 ioprio - 2>&1)"
rec ioprio_kthread "$(/kit/as-user 0 ioprio "${kdevtmpfs_pid%/comm}" 2>&1)"
rec lsm_while_registered "$(cat /sys/kernel/security/lsm)"
# Read in pieces, the list is one list: 5 bytes, then lsm_api_test is
# unloaded (below), then the rest.
exec 4</sys/kernel/security/lsm_loadable
dd bs=5 count=1 <&4 >/tmp/lsm.pieces 2>/dev/null

# Unload while the hook sleeps: rmmod must wait for it.
(
	mkdir /tmp/kit-slow
	echo $? >/tmp/slow.rc
) &
i=0
until dmesg | grep -q 'lsm_api_test: hook sleeping' || [ $i -ge 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
rec hook_sleeping_before_rmmod "$(dmesg | grep -c 'lsm_api_test: hook sleeping')"
rmmod lsm_api_test
rec rmmod_exit $?
wait
rec slow_mkdir_exit "$(cat /tmp/slow.rc)"
rec lsm_listed_after_rmmod "$(lsm_listed)"
cat <&4 >>/tmp/lsm.pieces
exec 4<&-
rec lsm_read_in_pieces "$(cat /tmp/lsm.pieces)"

# A module that forgets to unregister.
insmod /kit/lsm_api_test.ko skip_unregister=1
rec skip_insmod_exit $?
rmmod lsm_api_test
rec skip_rmmod_exit $?
rec lsm_listed_after_skip "$(lsm_listed)"
mkdir /tmp/kit-after
rec mkdir_after_skip_exit $?

kernel_lines_of "$m" messages
