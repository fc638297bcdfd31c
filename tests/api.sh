# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# api: patch 0002's register_security() and unregister_security() in the
# patched guest (two CPUs, AppArmor active): errors, placement rules,
# static keys, the reserved hooks, lifetime and races.

kit_group api "kernels" api_and_lifetime api_reserved_hooks api_hook_table_checked \
	api_reserved_compiled_away api_register_race \
	api_third_party_refused api_unload_independent api_stubs_build api_kconfig

# symbol_distance VMLINUX A B: the address of symbol A minus that of B.
symbol_distance() {
	local a b
	a=$(nm "$1" | awk -v s="$2" '$3 == s { print $1 }')
	b=$(nm "$1" | awk -v s="$3" '$3 == s { print $1 }')
	[[ $a && $b ]] || fail "$1: no symbol $2 or $3"
	echo $((0x$a - 0x$b))
}

t_api_and_lifetime() {
	local out=$build/tests/api rec site order retries
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_api_test tests/modules/kit_node \
		tests/modules/kit_counter tests/modules/kit_ksock
	gcc -std=c11 -Wall -Wextra -Werror -O2 -static -o "$out/as-user" tests/guest/as-user.c
	gcc -std=c11 -Wall -Wextra -Werror -O2 -static -o "$out/in-mntns" tests/guest/in-mntns.c
	# Where security_inode_mkdir() jumps to its loadable hooks, for the
	# module to read the static key's state there.
	site=$(tests/jump-site "$(kdir patched)/vmlinux" security_inode_mkdir lsm_loadable_keys) ||
		fail "no static key jump for the loadable inode_mkdir hooks in vmlinux"
	echo "$site" >"$out/key_site"
	# Where the built-in hook lists are, which no module can name.
	symbol_distance "$(kdir patched)/vmlinux" security_hook_heads security_inode_mkdir \
		>"$out/heads_offset"
	# --tcg-single: keys flip here while the other CPU runs (harness/run-guest).
	rec=$(guest patched "$out" tests/guest/api-lifetime.sh --tcg-single \
		"$out/modules/lsm_api_test/lsm_api_test.ko" "$out/key_site" "$out/heads_offset" \
		"$out/as-user" "$out/modules/kit_node/kit_node.ko" "$out/in-mntns" \
		"$out/modules/kit_counter/kit_counter.ko" "$out/modules/kit_ksock/kit_ksock.ko")
	jq '.lsm_api_test | del(.ktap, .messages)' <<<"$rec"
	expect_two_cpus "$rec"
	r() { jq -r --arg k "$1" '.lsm_api_test[$k] // "missing"' <<<"$rec"; }
	[[ $(r insmod_exit) == 0 ]] || fail "lsm_api_test did not load"
	expect_ktap "$rec" lsm_api_test 46
	# Loadable modules are listed in a file of their own; the built-in
	# list is left as its readers know it.
	[[ $(r lsm_loadable_before) == "" ]] || fail "lsm_loadable before any registration: $(r lsm_loadable_before)"
	[[ $(r lsm_listed) == true ]] || fail "not in /sys/kernel/security/lsm_loadable"
	# A positive answer is a refusal, EPERM, with the kernel's warning.
	[[ $(r positive_mkdir_exit) != 0 && $(r positive_mkdir_error) == *"$(strerror_of EPERM)"* &&
		$(r positive_dir_made) == false ]] ||
		fail "mkdir under a hook answering 1: exit $(r positive_mkdir_exit), '$(r positive_mkdir_error)'"
	expect_json_has - .lsm_api_test.messages \
		'"LSM: lsm_api_test: inode_mkdir returned 1, not 0, -EPERM or -EACCES (or -ECHILD in an RCU path walk): refusing with -EPERM"' \
		"a warning of the positive answer" <<<"$rec"
	# An answer below -MAX_ERRNO (include/linux/err.h: 4095) is no error code.
	[[ $(r errno_mkdir_exit) != 0 && $(r errno_mkdir_error) == *"$(strerror_of EPERM)"* ]] ||
		fail "mkdir under a hook answering -5000: exit $(r errno_mkdir_exit), '$(r errno_mkdir_error)'"
	# Answers callers act on (kill_pid_info() retries on -ESRCH; -ERESTARTSYS
	# restarts the call): EPERM instead.  -EACCES is a refusal as it is.
	[[ $(r esrch_mkdir_exit) != 0 && $(r esrch_mkdir_error) == *"$(strerror_of EPERM)"* ]] ||
		fail "mkdir under a hook answering -ESRCH: exit $(r esrch_mkdir_exit), '$(r esrch_mkdir_error)'"
	[[ $(r restart_mkdir_exit) != 0 && $(r restart_mkdir_error) == *"$(strerror_of EPERM)"* ]] ||
		fail "mkdir under a hook answering -ERESTARTSYS: exit $(r restart_mkdir_exit), '$(r restart_mkdir_error)'"
	[[ $(r eacces_mkdir_exit) != 0 && $(r eacces_mkdir_error) == *"$(strerror_of EACCES)"* ]] ||
		fail "mkdir under a hook answering -EACCES: exit $(r eacces_mkdir_exit), '$(r eacces_mkdir_error)'"
	# -ECHILD asks a path walk in RCU mode to go on in ref mode
	# (Documentation/filesystems/path-lookup.rst): an answer only from
	# inode_permission with MAY_NOT_BLOCK and inode_follow_link with rcu.
	# There the walk goes on and succeeds; elsewhere it is no refusal its
	# caller passes on (do_filp_open() tries again, mkdir would report
	# ECHILD), so EPERM.
	[[ $(r retry_read) == kit && $(r retry_link_read) == kit ]] ||
		fail "walk through hooks answering -ECHILD in RCU mode: '$(r retry_read)', link '$(r retry_link_read)'"
	retries=$(jq -r '[.lsm_api_test.messages[] | select(test("^lsm_api_test: retries asked: "))][0]' <<<"$rec")
	[[ $retries =~ inode_permission\ [1-9][0-9]*,\ inode_follow_link\ [1-9] ]] ||
		fail "no retry asked in an RCU walk by both hooks: '$retries'"
	[[ $(r echild_mkdir_exit) != 0 && $(r echild_mkdir_error) == *"$(strerror_of EPERM)"* ]] ||
		fail "mkdir under a hook answering -ECHILD: exit $(r echild_mkdir_exit), '$(r echild_mkdir_error)'"
	[[ $(r echild_open_exit) != 0 && $(r echild_open_error) == *"$(strerror_of EPERM)"* ]] ||
		fail "open under an inode_permission answering -ECHILD in ref mode: exit $(r echild_open_exit), '$(r echild_open_error)'"
	# A write by a task without CAP_FSETID clears the set-user-ID bit
	# (setattr_should_drop_suidgid(), fs/attr.c, as a baseline kernel
	# does): a module that refuses 4244's attribute changes refuses its
	# chmod, and keeps the bit neither on fallocate(), whose caller in
	# tmpfs drops the answer, nor on write().
	[[ $(r privs_chmod) == EPERM && $(r privs_mode_after_chmod) == 4755 ]] ||
		fail "chmod by 4244 under a module refusing it: $(r privs_chmod), mode $(r privs_mode_after_chmod)"
	[[ $(r privs_fallocate) == 0 && $(r privs_mode_after_fallocate) == 755 ]] ||
		fail "fallocate() on a set-user-ID file: $(r privs_fallocate), mode after $(r privs_mode_after_fallocate), not 755"
	[[ $(r privs_write) == 0 && $(r privs_mode_after_write) == 755 ]] ||
		fail "write() on a set-user-ID file: $(r privs_write), mode after $(r privs_mode_after_write), not 755"
	# Packets for 4245's sockets are refused.  A UDP datagram is lost
	# (EAGAIN after a second); AF_UNIX and netlink report a dropped
	# packet to its sender as delivered (unix_dgram_sendmsg() and
	# netlink_unicast() answer its length), so they must arrive.
	[[ $(r rcv_udp) == EAGAIN ]] || fail "UDP datagram under a module refusing it: $(r rcv_udp), not EAGAIN"
	[[ $(r rcv_unix) == 0 && $(r rcv_netlink) == 0 ]] ||
		fail "AF_UNIX datagram: $(r rcv_unix), netlink answer: $(r rcv_netlink); both must arrive"
	# When a device goes, devtmpfs removes its node and takes the owner
	# and mode from the node's hard links first (handle_remove(),
	# drivers/base/devtmpfs.c), and then its empty directory, even for
	# inodes the module refuses to anyone.
	[[ $(r node_made) == "0 600" ]] || fail "/dev/kit/node as made: '$(r node_made)', not root's, mode 600"
	[[ $(r node_dir_left) == false && $(r node_link_after) == "0 0" ]] ||
		fail "after the device went: its directory left $(r node_dir_left), its hard link '$(r node_link_after)', not root's, mode 0"
	# Its exemption holds on devtmpfs only: mounted over in its namespace,
	# the directory is another file system's, and the module's to refuse.
	[[ $(r other_fs_mount) == 0 && $(r other_fs_umount) == 0 ]] ||
		fail "a tmpfs in kdevtmpfs's namespace: mount '$(r other_fs_mount)', umount '$(r other_fs_umount)'"
	[[ $(r other_fs_node) == "" ]] ||
		fail "kdevtmpfs made its node in a directory of a tmpfs whose search the module refuses: '$(r other_fs_node)'"
	# perf_event_open(2) of a CPU-wide counter: allowed before, refused by
	# the module (perf_allow_cpu(), include/linux/perf_event.h).  A kernel
	# thread's counter for the kernel is made all the same: the hard-lockup
	# detector drops the error (hardlockup_detector_perf_enable(),
	# kernel/watchdog_hld.c) and its CPU would be left unwatched.  One made
	# for the task that loads a module is asked, as the task's.
	[[ $(r perf_cpu_before) == 0 && $(r perf_cpu) == EACCES ]] ||
		fail "a CPU-wide perf event: '$(r perf_cpu_before)' before, '$(r perf_cpu)' under a module refusing them, not 0 and EACCES"
	[[ $(r counter_insmod_exit) == 0 && $(r counter_from_kthread) == 0 &&
		$(r counter_from_insmod) == -$(errno_of EACCES) ]] ||
		fail "kit_counter (exit $(r counter_insmod_exit)): a kernel thread's CPU-wide counter answered $(r counter_from_kthread), not 0; the loading task's $(r counter_from_insmod), not -EACCES"
	# The kernel's own sockets (sock_create_kern()) are not the module's
	# to refuse, as SELinux and AppArmor do not check them: ksmbd's
	# listener would spin on a refused kernel_accept().  The loading
	# task's are, sent through kernel_sendmsg() too.
	[[ $(r ksock_insmod_exit) == 0 && $(r ksock_kern_create) == 0 && $(r ksock_kern_send) == 0 &&
		$(r ksock_task_create) == -$(errno_of EACCES) && $(r ksock_task_send) == -$(errno_of EACCES) ]] ||
		fail "kit_ksock (exit $(r ksock_insmod_exit)): kernel socket create $(r ksock_kern_create), send $(r ksock_kern_send), not 0; the task's create $(r ksock_task_create), send $(r ksock_task_send), not -EACCES"
	# A kernel thread's send on a socket user space made is asked, as the
	# task's is: nbd, refused, requeues the request to kblockd, a kernel
	# thread, which must not send it unasked (drivers/block/nbd.c).
	[[ $(r ksock_kthread_send) == -$(errno_of EACCES) ]] ||
		fail "kit_ksock: a kernel thread's send on the task's socket answered $(r ksock_kthread_send), not -EACCES"
	# Its peek there is not asked: nfsd's threads take a refused peek at
	# the UDP socket rpc.nfsd gave them for data still waiting
	# (svc_udp_recvfrom(), net/sunrpc/svcsock.c) and would spin.  With
	# nothing waiting, a peek not refused answers -EAGAIN.
	[[ $(r ksock_task_peek) == -$(errno_of EACCES) && $(r ksock_kthread_peek) == -$(errno_of EAGAIN) ]] ||
		fail "kit_ksock: the task's peek answered $(r ksock_task_peek), not -EACCES; a kernel thread's $(r ksock_kthread_peek), not -EAGAIN"
	# A child that asked for a signal when its parent dies (PR_SET_PDEATHSIG,
	# prctl(2)) gets it, though the module refuses that signal from the
	# parent's user: forget_original_parent() (kernel/exit.c) drops a
	# refusal, and the child would keep running.  kill(2) of the same
	# signal by that user is refused.
	[[ $(r pdeath_before) == 0 && $(r kill_child) == EPERM && $(r pdeath) == 0 ]] ||
		fail "SIGUSR1 refused from 4248: kill(2) '$(r kill_child)', not EPERM; parent-death signal '$(r pdeath)' (before the module '$(r pdeath_before)'), not 0"
	# Every change of I/O priority is refused, but not a kernel thread's:
	# ext4 and f2fs drop set_task_ioprio()'s answer for their threads
	# (fs/ext4/super.c, fs/f2fs/checkpoint.c).
	[[ $(r ioprio_own) == EACCES && $(r ioprio_kthread) == 0 ]] ||
		fail "ioprio_set(2) under a module refusing it: own '$(r ioprio_own)', not EACCES; kdevtmpfs's '$(r ioprio_kthread)', not 0"
	[[ $(r lsm_while_registered) == "$(jq -r '.guest.lsm' <<<"$rec")" ]] ||
		fail "/sys/kernel/security/lsm changed with a registration: $(r lsm_while_registered)"
	[[ $(r lsm_read_in_pieces) == lsm_api_test ]] ||
		fail "read in pieces across an unregistration, the list was '$(r lsm_read_in_pieces)'"
	[[ $(r hook_sleeping_before_rmmod) == 1 ]] || fail "hook was not sleeping at rmmod"
	[[ $(r rmmod_exit) == 0 ]] || fail "rmmod failed"
	[[ $(r slow_mkdir_exit) == 0 ]] || fail "mkdir under the sleeping hook failed"
	[[ $(r lsm_listed_after_rmmod) == false ]] || fail "still listed after rmmod"
	# The hook finished after unregistering began and before it returned.
	order=$(jq -r '.lsm_api_test.messages[] | select(test("^lsm_api_test: (unregistering|hook done|unregistered)$"))' <<<"$rec" |
		paste -sd,)
	echo "$order"
	[[ $order == "lsm_api_test: unregistering,lsm_api_test: hook done,lsm_api_test: unregistered" ]] ||
		fail "unregister_security() did not wait for the running hook"
	expect_json_has --arg m "lsm_api_test: register_security() while going: -$(errno_of ENODEV)" \
		- .lsm_api_test.messages '$m' "-ENODEV for a registration from the exit function" <<<"$rec"
	expect_json_has - .lsm_api_test.messages \
		'"LSM: lsm_api_test: module lsm_api_test did not unregister, removing its hooks"' \
		"a forgotten registration removed" <<<"$rec"
	[[ $(r lsm_listed_after_skip) == false ]] || fail "forgotten registration still listed"
	[[ $(r mkdir_after_skip_exit) == 0 ]] || fail "mkdir after forgotten unregister failed"
}

# The kit's table of every hook (kernel-patch/hooks-6.1.tsv, derived from
# 0002's rule): one row per hook of the kernel's lsm_hook_defs.h.
hook_table=kernel-patch/hooks-6.1.tsv

# Every hook of lsm_hook_defs.h as the booted kernel answers it, against
# the table, then a module that allows all it may: CAP_SYS_ADMIN still
# guards security.* xattrs.
t_api_reserved_hooks() {
	local out=$build/tests/hooks rec n got want
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_hooks_test
	gcc -std=c11 -Wall -Wextra -Werror -O2 -static -o "$out/xattr-nocap" tests/guest/xattr-nocap.c
	rec=$(guest patched "$out" tests/guest/lsm-hooks.sh --tcg-single \
		"$out/modules/lsm_hooks_test/lsm_hooks_test.ko" "$out/xattr-nocap")
	jq '.lsm_hooks_test | del(.ktap)' <<<"$rec"
	r() { jq -r --arg k "$1" '.lsm_hooks_test[$k] // "missing"' <<<"$rec"; }
	[[ $(r insmod_exit) == 0 ]] || fail "lsm_hooks_test did not load"
	n=$(jq '[.lsm_hooks_test.ktap[] | select(test("^(not )?ok "))] | length' <<<"$rec")
	((n > 200)) || fail "only $n cases: not every hook was tried"
	expect_ktap "$rec" lsm_hooks_test "$n" | grep -v '^ok'
	# The table has exactly the hooks of the kernel's lsm_hook_defs.h.
	diff <(sed -n 's/^LSM_HOOK([^,]*, [^,]*, \([a-z0-9_]*\),.*/\1/p' \
			"$(kdir patched)/include/linux/lsm_hook_defs.h") \
		<(awk -F'\t' '!/^#/ { print $1 }' "$hook_table") ||
		fail "$hook_table and lsm_hook_defs.h do not list the same hooks, in order (- header, + table)"
	# Each hook this kernel has, as it answered and as the table classes it.
	got=$(jq -r '.lsm_hooks_test.ktap[] | capture("^ok [0-9]+ (?<h>[a-z0-9_]+) (?<a>accepted|refused) ")
		| "\(.h) \(.a)"' <<<"$rec")
	want=$(awk -F'\t' 'NR == FNR { have[$1]; next }
		!/^#/ && ($1 in have) { print $1, ($2 == "allowed" ? "accepted" : "refused") }' \
		<(cut -d' ' -f1 <<<"$got") "$hook_table")
	echo "$(grep -c ' accepted$' <<<"$got") of $(wc -l <<<"$got") hooks accepted"
	diff <(sort <<<"$want") <(sort <<<"$got") ||
		fail "the kernel's answers differ from $hook_table (- table, + kernel)"
	[[ $(r lsm_loaded) == lsm_hooks_test ]] || fail "the allow-all module is not registered"
	[[ $(r setxattr_loaded_with) == 0 ]] || fail "setxattr with CAP_SYS_ADMIN failed"
	[[ $(r setxattr_loaded_without) == EPERM ]] ||
		fail "setxattr security.* without CAP_SYS_ADMIN was not refused with the module loaded"
	[[ $(r setxattr_unloaded_without) == EPERM ]] || fail "setxattr control without the module"
}

# The table against checks computed from the kernel source without the
# series (tests/hook-facts), not from the table: an allowed hook that one
# of them would reserve stands only where its line names the check and
# what it is about (the parameter, the caller, the other half); a line
# names no check that does not apply; the halves of a pair are classed
# alike unless the allowed one says why; and no allowed int hook answers
# other than 0 by default, which lsm_loadable_call_<hook>() assumes.
t_api_hook_table_checked() {
	local out=$build/tests/hook-facts bad
	mkdir -p "$out"
	kernel-patch/build-kernels "$KIT_CACHE" --unpatched >/dev/null
	tests/hook-facts "$(kdir unpatched)" >"$out/facts"
	cut -f2 "$out/facts" | sort | uniq -c
	bad=$(awk -F'\t' '
		NR == FNR {
			if (!/^#/) {
				class[$1] = $2
				checks[$1] = $5
			}
			next
		}
		class[$1] != "allowed" || ($2 == "pair" && class[$3] == "allowed") { next }
		$2 == "nonzero-default" {
			print $1 ": allowed, but answers other than 0 by default (" $3 ")"
			next
		}
		{
			about = $3
			if ($2 == "error-dropped" || $2 == "errno-tested") {
				sub(/^[^ ]+ /, "", about)
				sub(/\(.*/, "", about)
			} else if ($2 != "pair") {
				sub(/.*[ *]/, "", about)
			}
			found[$1, $2] = 1
			if (!index(checks[$1], $2 ":") || !index(checks[$1], about))
				print $1 ": allowed, but " $2 " (" $3 "), and its line does not say why, naming " about
		}
		END {
			for (h in checks) {
				c = checks[h]
				while (match(c, /(writable-cred|out-pointer|error-dropped|errno-tested|pair): /)) {
					name = substr(c, RSTART, RLENGTH - 2)
					c = substr(c, RSTART + RLENGTH)
					if (!((h, name) in found))
						print h ": its line names " name ", which does not apply"
				}
			}
		}' "$hook_table" "$out/facts")
	[[ -z $bad ]] || fail "$hook_table disagrees with the kernel source:"$'\n'"$bad"
	echo "every allowed hook the checks would reserve says why: $(awk -F'\t' '!/^#/ && $5 != ""' "$hook_table" | wc -l) lines"
}

# A reserved hook compiles to exactly the code the kernel has without the
# option: every security_*() function of the kernel built without it
# (build-kernels --unpatched) is, instruction for instruction, the same in
# the patched kernel, unless it calls a hook the table allows; and each
# that does has changed, to reach the loadable hooks.
t_api_reserved_compiled_away() {
	local out=$build/tests/compiled-away u p f hooks same=0 allowed=0 changed=()
	mkdir -p "$out"
	kernel-patch/build-kernels "$KIT_CACHE" --unpatched >/dev/null
	u=$(kdir unpatched)
	p=$(kdir patched)
	tests/security-functions "$u/vmlinux" >"$out/unpatched.code"
	tests/security-functions "$p/vmlinux" >"$out/patched.code"
	# Which hooks each function calls, from the source without the series.
	tests/hook-facts --wrappers "$u" >"$out/calls"
	while read -r f; do
		hooks=$(awk -v f="$f" '$1 == f { print $2 }' "$out/calls")
		if [[ $hooks ]] && grep -qxFf <(awk -F'\t' '$2 == "allowed" { print $1 }' "$hook_table") <<<"$hooks"; then
			allowed=$((allowed + 1))
			awk -F'\t' -v f="$f" '$1 == f && /<lsm_loadable_/ { n++ } END { exit !n }' \
				"$out/patched.code" ||
				fail "$f calls an allowed hook ($hooks) but does not reach the loadable hooks"
		elif cmp -s <(grep "^$f	" "$out/unpatched.code") <(grep "^$f	" "$out/patched.code"); then
			same=$((same + 1))
		else
			if ((${#changed[@]} < 3)); then
				diff <(grep "^$f	" "$out/unpatched.code") <(grep "^$f	" "$out/patched.code") |
					head -20 || true
			fi
			changed+=("$f(${hooks//$'\n'/,})")
		fi
	done < <(cut -f1 "$out/unpatched.code" | uniq)
	echo "$same functions unchanged, $allowed reach allowed hooks"
	((${#changed[@]} == 0)) ||
		fail "${#changed[@]} functions that call no allowed hook differ from the kernel without the option: ${changed[*]}"
	((same > 100 && allowed > 90)) || fail "too few functions compared: vmlinux or security.c not read"
}

# Registrations from every CPU racing other modules' registrations, hook
# calls and the owner's own unload: no fault, every load and unload works,
# each module's own registrations happen, and none of another module's
# attempts on the owner's array succeeds (issue 29).
t_api_register_race() {
	local out=$build/tests/race rec outcomes owner
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_race
	echo 200 >"$out/cycles"
	# loglevel=4: thousands of registrations print to the log, not the console.
	rec=$(guest patched "$out" tests/guest/lsm-race.sh --timeout 600 --append loglevel=4 --tcg-single \
		"$out/cycles" "$out/modules/lsm_race/lsm_race.ko" "$out/modules/lsm_race/lsm_race_owner.ko" \
		tests/guest/owner-cycle.sh)
	expect_two_cpus "$rec"
	expect_ktap "$rec" lsm_race 5
	outcomes=$(jq -r '.lsm_race.outcomes' <<<"$rec")
	owner=$(jq -r '.lsm_race.owner_outcomes' <<<"$rec")
	echo "lsm_race: $outcomes"
	echo "lsm_race_owner, summed: $owner"
	echo "registrations the kernel removed at the owner's unload: $(jq -r '.lsm_race.owner_removed' <<<"$rec")"
	# -ENODEV ("going") only while a module's own exit stops its threads.
	[[ $outcomes =~ ^registered\ [1-9][0-9]*\ going\ [0-9]+\ refused\ [1-9][0-9]*\ invalid\ [0-9]+\ taken\ 0\ other\ 0$ ]] ||
		fail "lsm_race: its own registrations did not happen, or another module's array was taken: '$outcomes'"
	# "slept": hook calls held open as the owner unloaded; none means the
	# race's window was never widened.
	[[ $owner =~ ^unloads\ 200\ registered\ [1-9][0-9]*\ going\ [0-9]+\ left\ ([0-9]+)\ other\ 0\ slept\ [1-9][0-9]*$ ]] ||
		fail "lsm_race_owner: '$owner'"
	[[ $(jq -r '.lsm_race.owner_removed' <<<"$rec") == "${BASH_REMATCH[1]}" ]] ||
		fail "the kernel did not remove each registration the owner left at its unload"
}

# errno_of NAME: the number of errno NAME, from the kernel's UAPI header.
errno_of() {
	awk -v n="$1" '$1 == "#define" && $2 == n { print $3 }' /usr/include/asm-generic/errno-base.h
}

# strerror_of NAME: its message, from the header's comment ("Operation not
# permitted"), as the C library prints it.
strerror_of() {
	awk -v n="$1" '$1 == "#define" && $2 == n { sub(/.*\/\* /, ""); sub(/ \*\/.*/, ""); print }' \
		/usr/include/asm-generic/errno-base.h
}

# Only the module that holds a hook array may register or unregister it
# (issue 29): another module's attempts get -EPERM and change nothing; the
# owner's own registration and unregistration work.
t_api_third_party_refused() {
	check_third_party_refused patched "$build/tests/third-party"
}

# check_third_party_refused KERNEL OUT: t_api_third_party_refused on KERNEL.
check_third_party_refused() {
	local out=$2 rec audit type
	scripts/build-modules "$(kdir "$1")" "$out/modules" tests/modules/lsm_proxy
	rec=$(guest "$1" "$out" tests/guest/third-party.sh --tcg-single \
		"$out/modules/lsm_proxy/lsm_proxy.ko" "$out/modules/lsm_proxy/lsm_proxy_owner.ko")
	jq '.lsm_proxy' <<<"$rec"
	r() { jq -r --arg k "$1" '.lsm_proxy[$k] // "missing"' <<<"$rec"; }
	for k in proxy_insmod_exit owner_insmod_exit proxy_unregister_exit mkdir_exit \
		owner_rmmod_exit owner_skip_insmod_exit owner_skip_rmmod_exit proxy_rmmod_exit; do
		[[ $(r "$k") == 0 ]] || fail "$k is $(r "$k"), not 0"
	done
	msg() {
		expect_json_has --arg m "$1" - .lsm_proxy.messages '$m' "the kernel said '$1'" <<<"$rec"
	}
	msg "lsm_proxy_owner: register_security(): 0"
	msg "lsm_proxy: register_security() of the offered hooks: -$(errno_of EPERM)"
	msg "lsm_proxy: register_security() of its own array with the owner's hook function: -$(errno_of EINVAL)"
	msg "lsm_proxy: unregister_security() of the offered hooks: -$(errno_of EPERM)"
	msg "lsm_proxy_owner: unregister_security(): 0"
	# An audit record of each change, of the type of a policy load
	# (SELinux's, security/selinux/selinuxfs.c), its number from the UAPI
	# header; the refused attempts change nothing and have none.  The
	# module name is quoted, as audit writes a string it does not trust
	# (with no character that would need hex).
	audit=$(jq -r '.lsm_proxy.messages[] | select(startswith("audit: "))' <<<"$rec")
	type=$(awk '$1 == "#define" && $2 == "AUDIT_MAC_POLICY_LOAD" { print $3 }' /usr/include/linux/audit.h)
	[[ $(sed -E 's/^audit: type=([0-9]+) audit\([0-9.:]+\): (op=[a-z]+ lsm=[a-z_]+ module="[a-z_]+" hooks=1) auid=[0-9]+ ses=[0-9]+ res=1$/\1 \2/' <<<"$audit" |
		paste -sd,) == "$type op=register lsm=lsm_proxy_owner module=\"lsm_proxy_owner\" hooks=1,$type op=unregister lsm=lsm_proxy_owner module=\"lsm_proxy_owner\" hooks=1,$type op=register lsm=lsm_proxy_owner module=\"lsm_proxy_owner\" hooks=1,$type op=unload lsm=lsm_proxy_owner module=\"lsm_proxy_owner\" hooks=1" ]] ||
		fail "audit records: $audit"
	[[ $(r lsm_with_owner) == lsm_proxy_owner ]] || fail "lsm_loadable with the owner: $(r lsm_with_owner)"
	[[ $(r lsm_after_proxy_unregister) == lsm_proxy_owner ]] ||
		fail "the refused unregistration changed the list: $(r lsm_after_proxy_unregister)"
	[[ $(r lsm_after_owner_rmmod) == "" ]] || fail "lsm_loadable after the owner's unload: $(r lsm_after_owner_rmmod)"
}

# expect_order RECORDS KEY LINE...: each LINE is in lsm_block's message list
# KEY, once, after the one before it.
expect_order() {
	local rec=$1 key=$2 prev=-1 at
	shift 2
	for line; do
		at=$(jq --arg k "$key" --arg l "$line" \
			'.lsm_block[$k] // [] | if (map(select(. == $l)) | length) == 1 then index($l) else -1 end' <<<"$rec")
		((at >= 0)) || fail "$key: no single '$line'"
		((at > prev)) || fail "$key: '$line' came before the line above it"
		prev=$at
	done
}

# check_unload_independent KERNEL OUT: one module's unload does not wait for
# another's hook in flight; a module's own unload does (issue 29).
# lsm_block's hook blocks in mkdir until the guest releases it; the guest
# marks each step in the kernel log, so the test reads the order there.
check_unload_independent() {
	local out=$2 rec k at results released hook_done first second
	scripts/build-modules "$(kdir "$1")" "$out/modules" tests/modules/lsm_block
	rec=$(guest "$1" "$out" tests/guest/unload-independent.sh --timeout 600 --tcg-single \
		"$out/modules/lsm_block/lsm_block.ko" "$out/modules/lsm_block/lsm_bystander.ko")
	jq '.lsm_block' <<<"$rec"
	expect_two_cpus "$rec"
	for k in block_insmod_exit bystander_insmod_exit bystander_rmmod_exit bystander_skip_insmod_exit \
		bystander_skip_rmmod_exit mkdir_1_exit block_rmmod_exit mkdir_2_exit block_skip_insmod_exit \
		block_skip_rmmod_exit mkdir_3_exit bystander_watch_insmod_exit bystander_watch_rmmod_exit \
		block_async_insmod_exit block_async_rmmod_exit mkdir_4_exit \
		mkdir_after_exit; do
		[[ $(jq -r --arg k "$k" '.lsm_block[$k] // "missing"' <<<"$rec") == 0 ]] ||
			fail "$k is $(jq -r --arg k "$k" '.lsm_block[$k] // "missing"' <<<"$rec"), not 0"
	done
	# Another module's unload returns while lsm_block's hook is blocked.
	expect_order "$rec" messages_1 "lsm_block: hook blocked" "lsm_bystander: unregister_security(): 0" \
		"kit: rmmod lsm_bystander returned" \
		"LSM: lsm_bystander: module lsm_bystander did not unregister, removing its hooks" \
		"kit: rmmod lsm_bystander, hooks left registered, returned" \
		"kit: releasing the hook" "lsm_block: hook done"
	# Its own unload waits for its hook, unregistering or not.
	expect_order "$rec" messages_2 "lsm_block: hook blocked" "lsm_block: unregistering" \
		"kit: releasing the hook" "lsm_block: hook done" "lsm_block: unregister_security(): 0" \
		"kit: rmmod lsm_block returned"
	# The hooks are removed before module notifiers of priority 1 (jump
	# labels, trace events) see the module go.
	expect_order "$rec" messages_3 "lsm_block: hook blocked" \
		"LSM: lsm_block: module lsm_block did not unregister, removing its hooks" \
		"LSM: lsm_block: still waiting for module lsm_block's hooks to return after 10 s" \
		"kit: releasing the hook" "lsm_block: hook done" \
		"lsm_bystander: lsm_block going, seen at priority 1" "kit: rmmod lsm_block returned"
	# Two unregistrations of one array, the exit function's and a work
	# item's: whichever comes second finds nothing registered (-ENOENT), and
	# each returns only once the hook has.
	at=$(jq -r '.lsm_block.messages_4 | [index("kit: releasing the hook") // -1, index("lsm_block: hook done") // -1,
		(to_entries[] | select(.value | test("^lsm_block: (work: )?unregister_security\\(\\): ")) | .key)] | @tsv' <<<"$rec")
	results=$(jq -r '.lsm_block.messages_4[] | select(test("^lsm_block: (work: )?unregister_security\\(\\): "))
		| sub(".*: "; "")' <<<"$rec" | sort -n | paste -sd' ')
	[[ $results == "-$(errno_of ENOENT) 0" ]] || fail "the two unregistrations returned '$results', not -ENOENT and 0"
	read -r released hook_done first second <<<"$at"
	((released < hook_done && hook_done < first && hook_done < second)) ||
		fail "an unregistration returned before the hook did (lines $released $hook_done $first $second)"
	[[ $(jq -r '.lsm_block.lsm_after' <<<"$rec") == "" ]] ||
		fail "a loadable module is still listed: $(jq -r '.lsm_block.lsm_after' <<<"$rec")"
}

t_api_unload_independent() {
	check_unload_independent patched "$build/tests/unload-independent"
}

# A caller built with the option off (lsm_api_stub undefines it) builds
# against the header's stubs, and needs neither exported symbol.
t_api_stubs_build() {
	local out=$build/tests/api-stub ko
	scripts/build-modules "$(kdir patched)" "$out/modules" tests/modules/lsm_api_stub
	ko=$out/modules/lsm_api_stub/lsm_api_stub.ko
	[[ $(cat "$out/modules/lsm_api_stub/built") == yes ]] ||
		fail "lsm_api_stub did not build: $(tail -n 5 "$out/modules/lsm_api_stub/build.log")"
	nm -u "$ko"
	! nm -u "$ko" | grep -qwE 'register_security|unregister_security' ||
		fail "lsm_api_stub references the API's symbols, not the stubs"
}

# Kconfig: SELinux's runtime disable (SECURITY_SELINUX_DISABLE) makes the
# built-in hook lists writable, and olddefconfig then turns the option
# off.  Run on a copy of the patched tree's config; kconfig writes only
# that file (the tree's .config and autoconf.h are checked unchanged).
t_api_kconfig() {
	local tree cfg sums
	tree=$(kdir patched)
	cfg=$(mktemp)
	at_exit rm -f "$cfg" "$cfg.old"
	sums=$(cd "$tree" && md5sum .config include/generated/autoconf.h)
	grep -x CONFIG_SECURITY_LOADABLE_LSM=y "$tree/.config" || fail "the patched kernel lacks the option"
	grep -v SECURITY_SELINUX_DISABLE "$tree/.config" >"$cfg"
	echo CONFIG_SECURITY_SELINUX_DISABLE=y >>"$cfg"
	make -s -C "$tree" KCONFIG_CONFIG="$cfg" olddefconfig
	grep -E 'SECURITY_(SELINUX_DISABLE|WRITABLE_HOOKS|LOADABLE_LSM)' "$cfg"
	grep -qx CONFIG_SECURITY_WRITABLE_HOOKS=y "$cfg" || fail "runtime disable did not make the lists writable"
	! grep -q '^CONFIG_SECURITY_LOADABLE_LSM=y' "$cfg" || fail "the option stayed on with writable hook lists"
	[[ $(cd "$tree" && md5sum .config include/generated/autoconf.h) == "$sums" ]] ||
		fail "kconfig changed the cached tree"
}
