#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of "one module never waits for another" (patch 0002): while
# lsm_block's hook is blocked in mkdir, lsm_bystander is unloaded, once
# unregistering and once leaving its hooks for the kernel to remove; then
# lsm_block itself is unloaded while its hook is blocked, the same two ways,
# and once while a work item of its own is unregistering its hooks.
# The guest writes a "kit: ..." line to the kernel log at each step, so the
# order of events is the order of the log.  Records about lsm_block: each
# step's exit status and the kernel's messages.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

m=lsm_block
rec() {
	record R "$m" "$1" "$2"
}

mark() {
	echo "kit: $*" >/dev/kmsg
}

# wait_for TEXT: until the kernel has printed TEXT (at most 60 s).
wait_for() {
	i=0
	until dmesg | grep -qF -- "$1" || [ $i -ge 600 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

# block DIR: mkdir DIR in the background, its hook blocked; its status
# goes to /tmp/DIR.rc.
block() {
	(
		mkdir "/tmp/$1"
		echo $? >"/tmp/$1.rc"
	) &
}

# collect KEY: the kernel's new messages about the modules and the steps.
collect() {
	dmesg -c | sed 's/^\[ *[0-9.]*\] //' | grep -E '^(lsm_block|lsm_bystander|kit|LSM): ' |
		lines_of "$m" "$1"
}

# release: let the blocked hook return.
release() {
	mark "releasing the hook"
	echo 0 >/sys/module/lsm_block/parameters/hold
}

guest_records
dmesg -c >/dev/null

# 1. Another module's unload while lsm_block's hook is blocked, once
# unregistering and once leaving its hooks registered.
insmod /kit/lsm_block.ko hold=1
rec block_insmod_exit $?
insmod /kit/lsm_bystander.ko
rec bystander_insmod_exit $?
block kit-block-1
wait_for 'lsm_block: hook blocked'
rmmod lsm_bystander
rec bystander_rmmod_exit $?
mark "rmmod lsm_bystander returned"
insmod /kit/lsm_bystander.ko skip_unregister=1
rec bystander_skip_insmod_exit $?
rmmod lsm_bystander
rec bystander_skip_rmmod_exit $?
mark "rmmod lsm_bystander, hooks left registered, returned"
release
wait
rec mkdir_1_exit "$(cat /tmp/kit-block-1.rc)"
collect messages_1

# 2. lsm_block's own unload while its hook is blocked: it waits for it.
echo 1 >/sys/module/lsm_block/parameters/hold
block kit-block-2
wait_for 'lsm_block: hook blocked'
rmmod lsm_block &
pid=$!
wait_for 'lsm_block: unregistering'
release
wait $pid
rec block_rmmod_exit $?
mark "rmmod lsm_block returned"
wait
rec mkdir_2_exit "$(cat /tmp/kit-block-2.rc)"
collect messages_2

# 3. The same, with its hooks left for the kernel to remove, while
# lsm_bystander watches the module notifications at priority 1.
insmod /kit/lsm_bystander.ko watch_going=1
rec bystander_watch_insmod_exit $?
insmod /kit/lsm_block.ko hold=1 skip_unregister=1
rec block_skip_insmod_exit $?
block kit-block-3
wait_for 'lsm_block: hook blocked'
rmmod lsm_block &
pid=$!
wait_for 'module lsm_block did not unregister'
# The notifier names the module it waits for, every 10 s.
wait_for "still waiting for module lsm_block's hooks to return after 10 s"
release
wait $pid
rec block_skip_rmmod_exit $?
mark "rmmod lsm_block returned"
wait
rec mkdir_3_exit "$(cat /tmp/kit-block-3.rc)"
rmmod lsm_bystander
rec bystander_watch_rmmod_exit $?
collect messages_3

# 4. Its exit function unregisters while a work item of its own is already
# unregistering: both wait for the hook.
insmod /kit/lsm_block.ko hold=1
rec block_async_insmod_exit $?
block kit-block-4
wait_for 'lsm_block: hook blocked'
echo 1 >/sys/module/lsm_block/parameters/unregister_async
wait_for 'lsm_block: work: unregistering'
rmmod lsm_block &
pid=$!
wait_for 'lsm_block: unregistering'
release
wait $pid
rec block_async_rmmod_exit $?
mark "rmmod lsm_block returned"
wait
rec mkdir_4_exit "$(cat /tmp/kit-block-4.rc)"
mkdir /tmp/kit-after
rec mkdir_after_exit $?
rec lsm_after "$(cat /sys/kernel/security/lsm_loadable)"
collect messages_4
