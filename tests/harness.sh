# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# harness: a broken guest is never a pass; bad environments are named;
# the host stays untouched (host_untouched last).

kit_group harness "kernels" \
	harness_reports_hang harness_reports_panic harness_reports_oops harness_reports_kthread_oops \
	harness_reports_warning harness_reports_guest_failure \
	channel_survives_exit guest_records_refuse_cut \
	harness_rejects_bad_input accel_choice guest_scripts_refuse_host \
	harness_bad_environment harness_qemu_fails cache_disk_full \
	interrupted_build concurrent_makes accel_honours_kit_qemu run_guest_stopped \
	demo_interrupted probes_key_covers_config probes_kept_in_cache usage_errors cleanup_on_failure \
	runner_timeout runner_list runner_no_kernel runner_reason_kept runner_fixture_missing \
	runner_expect_json static_keys_single_tcg host_untouched
kit_needs_no_kernel guest_scripts_refuse_host usage_errors cleanup_on_failure runner_timeout \
	runner_list runner_no_kernel runner_reason_kept runner_fixture_missing runner_expect_json \
	host_untouched

# fault_guest MODE TIMEOUT: run the fault guest; prints the verdict line.
fault_guest() {
	local out=$build/tests/fault-$1 rc=0
	mkdir -p "$out"
	echo "$1" >"$out/fault-mode"
	local ko=$build/tests/fault-modules/harness_fault/harness_fault.ko
	[[ -z $(find tests/modules/harness_fault -newer "$ko" 2>/dev/null) && -f $ko ]] ||
		scripts/build-modules "$(kdir patched)" "$build/tests/fault-modules" \
			tests/modules/harness_fault >&2
	harness/mkinitramfs "$out/initramfs.cpio.gz" tests/guest/fault.sh "$out/fault-mode" \
		"$build/tests/fault-modules/harness_fault/harness_fault.ko"
	harness/run-guest --timeout "$2" "$(kdir patched)/arch/x86/boot/bzImage" \
		"$out/initramfs.cpio.gz" "$out/guest" || rc=$?
	((rc == 1)) || fail "run-guest exit status $rc for $1, want 1"
}

expect_verdict() {
	local verdict
	verdict=$(fault_guest "$1" "$2")
	echo "$1 -> $verdict"
	[[ $verdict == "$3"* ]] || fail "$1 guest reported '$verdict', want '$3...'"
	! pgrep -f "qemu-system-x86_64.*fault-$1" >/dev/null || fail "QEMU left running"
}

t_harness_reports_hang() {
	expect_verdict hang 10 "hang: no end marker"
}

t_harness_reports_panic() {
	expect_verdict panic 60 "panic: Kernel panic - not syncing: harness_fault: deliberate panic"
}

t_harness_reports_oops() {
	expect_verdict oops 60 "oops: "
}

# An oops in a kernel thread kills no process the guest waits for: the
# guest would run on to its timeout.  The harness ends it within seconds
# of the report, with the oops as its verdict.
t_harness_reports_kthread_oops() {
	local verdict out=$build/tests/fault-kthread-oops/guest
	verdict=$(expect_verdict kthread-oops 300 "oops: BUG: kernel NULL pointer dereference")
	echo "$verdict; the guest ran $(cat "$out/seconds") s of its 300 s timeout"
	! grep -aq 'KIT-GUEST-END' "$out/channel.log" || fail "the guest finished: its oops was not what ended it"
	grep -aq 'harness_fault_thread' "$out/console.log" || fail "the oops was not the kernel thread's"
}

t_harness_reports_warning() {
	expect_verdict warn 60 "warning: "
}

t_harness_reports_guest_failure() {
	expect_verdict status-3 60 "fail: guest status 3"
}

# A guest that writes a burst to the results channel while its children
# exit and the console is busy beside it, and ends at once: in each of
# many boots every record arrives, once and in order, and the end marker
# after them (issue 33: a guest lost its last records, the end marker
# with them).
t_channel_survives_exit() {
	local out=$build/tests/channel-burst runs=10 records=4096 i rec tcg
	mkdir -p "$out"
	echo "$records" >"$out/burst-records"
	harness/mkinitramfs "$out/initramfs.cpio.gz" tests/guest/channel-burst.sh "$out/burst-records"
	# Every other run on one host thread, as the API and stress guests run.
	for ((i = 1; i <= runs; i++)); do
		tcg=()
		((i % 2)) || tcg=(--tcg-single)
		harness/run-guest "${tcg[@]}" --timeout 120 "$(kdir patched)/arch/x86/boot/bzImage" \
			"$out/initramfs.cpio.gz" "$out/run-$i" >/dev/null ||
			fail "run $i: $(cat "$out/run-$i/verdict")"
		rec=$(results/guest-records "$out/run-$i/channel.log") || fail "run $i: the channel was cut"
		expect_json_eq --arg n "$records" - .burst.sent '$n' "run $i: the last record arrived" <<<"$rec"
		# Each numbered record once, whole, in the order written.
		awk -F'\t' -v n="$records" '$1 == "R" && $2 == "burst" && $3 ~ /^[0-9]+$/ {
				if ($3 != seen || $4 != "0123456789abcdef0123456789abcdef") { bad = 1; exit }
				seen++
			}
			END { exit bad || seen != n }' "$out/run-$i/channel.log" ||
			fail "run $i: $(grep -ac $'^R\tburst\t[0-9]' "$out/run-$i/channel.log") records of $records, or not each once in order"
		grep -aq 'kit-burst: console load' "$out/run-$i/console.log" || fail "run $i: no console load"
		echo "run $i${tcg:+ (${tcg[*]})}: $records records and the end marker, $(wc -c <"$out/run-$i/channel.log") bytes, $(cat "$out/run-$i/seconds") s"
	done
}

# The host reads a channel cut in the middle of a record as an error,
# never as a shorter record: not by guest-records, not by run-guest.
t_guest_records_refuse_cut() {
	local out=$build/tests/cut-channel rc=0 err
	mkdir -p "$out"
	printf 'KIT-GUEST-START 6.1\nA\tapi\tktap\tok 31 a\nA\tapi\tktap\tok 32 sta' >"$out/channel.log"
	err=$(results/guest-records "$out/channel.log" 2>&1 >/dev/null) || rc=$?
	echo "$err"
	((rc == 1)) || fail "guest-records: exit $rc on a cut channel, want 1"
	[[ $err == "guest-records: $out/channel.log: the last record is cut off: "* ]] || fail "message: $err"
	printf 'KIT-GUEST-START 6.1\nKIT-GUEST-END status=0\n' >"$out/whole.log"
	results/guest-records "$out/whole.log" >/dev/null || fail "a whole channel was refused"
	# run-guest, with a QEMU that writes the channel given (CHANNEL) and
	# exits as the guest's status 0 does: a cut end marker, or a cut
	# record after it, is no end marker.
	cat >"$out/qemu" <<-'EOF'
		#!/bin/bash
		for a; do
			case $a in *path=*channel.log) printf "$CHANNEL" >"${a##*path=}" ;; esac
		done
		exit 1
	EOF
	chmod +x "$out/qemu"
	for channel in 'KIT-GUEST-START 6.1\nKIT-GUEST-END status=0' \
		'KIT-GUEST-START 6.1\nKIT-GUEST-END status=0\nA\tapi\tktap\tok 1 a' \
		'KIT-GUEST-START 6.1\nKIT-GUEST-END status=0\n'; do
		rc=0
		CHANNEL=$channel KIT_ACCEL=tcg KIT_QEMU=$out/qemu harness/run-guest \
			"$out/qemu" "$out/qemu" "$out/guest" || rc=$?
		echo "channel '$channel': $(cat "$out/guest/verdict")"
		if [[ $channel == *'status=0\n' ]]; then
			((rc == 0)) || fail "a whole channel ending in the marker did not pass"
		else
			[[ $(cat "$out/guest/verdict") == "crash: status 0 reported without the end marker" ]] ||
				fail "a cut channel was judged '$(cat "$out/guest/verdict")'"
		fi
	done
}

t_harness_rejects_bad_input() {
	local rc=0 err
	err=$(harness/run-guest /nonexistent/bzImage /nonexistent/initrd "$build/tests/bad" 2>&1) || rc=$?
	echo "$err"
	((rc == 2)) || fail "exit status $rc, want 2"
	[[ $err == "run-guest: error: kernel image /nonexistent/bzImage is missing or empty" ]] ||
		fail "unexpected message"
}

# KVM is used only where it is real; a bad KIT_ACCEL is refused.
t_accel_choice() {
	local bz rc=0 err
	bz=$(kdir patched)/arch/x86/boot/bzImage
	[[ $(KIT_ACCEL=tcg harness/accel "$bz") == tcg ]] || fail "KIT_ACCEL=tcg not obeyed"
	if ! grep -qwE 'vmx|svm' /proc/cpuinfo; then
		[[ $(harness/accel "$bz") == tcg ]] || fail "chose KVM on a CPU without vmx/svm"
		echo "no vmx/svm here: tcg, as it should be"
	else
		echo "vmx/svm present: accel probed $(harness/accel "$bz")"
	fi
	err=$(KIT_ACCEL=fast harness/accel "$bz" 2>&1) || rc=$?
	((rc == 2)) || fail "KIT_ACCEL=fast: exit $rc, want 2"
	[[ $err == "accel: error: KIT_ACCEL must be tcg, kvm or auto, not 'fast'" ]] || fail "message: $err"
}

# Guest scripts run on the host stop before loading anything.
t_guest_scripts_refuse_host() {
	local tmp f rc n=0
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	spy_commands "$tmp" insmod rmmod modprobe
	while IFS= read -r f; do
		rc=0
		PATH=$tmp:$PATH sh "$f" </dev/null >"$tmp/out" 2>&1 || rc=$?
		echo "$f: exit $rc: $(head -n 1 "$tmp/out")"
		((rc != 0)) || fail "$f ran on the host"
		[[ ! -e $tmp/calls ]] || fail "$f called $(cat "$tmp/calls") on the host"
		n=$((n + 1))
	done < <(git grep -l -E '\b(insmod|rmmod|modprobe)\b' -- harness/guest tests/guest bench/guest)
	((n >= 3)) || fail "only $n guest scripts found"
	rc=0
	sh harness/guest/guard.sh 2>"$tmp/err" || rc=$?
	((rc == 2)) || fail "guard.sh exit $rc on the host, want 2"
	expect_grep "$tmp/err" "refusing to run outside the kit's QEMU guest"
}

# The host stays untouched: no host-side script runs a module command (a
# query, modprobe --show-depends, loads nothing: man modprobe), and what
# the host's kernel has loaded, and /lib/modules, are as they were before
# the tests (compared with the snapshot taken when tests/run began).
host_state() {
	echo "modules: $(cut -d' ' -f1 /proc/modules 2>/dev/null | sort | paste -sd ' ' || true)"
	[[ -r /proc/modules ]] || echo "modules: no /proc/modules on this host"
	echo "dkms tree: $(find /var/lib/dkms -printf '%p\n' 2>/dev/null | sort | sha256sum)"
	if [[ -d /lib/modules ]]; then
		echo "lib/modules: $(find /lib/modules -printf '%p %s %T@\n' 2>/dev/null | sort | sha256sum)"
	else
		echo "lib/modules: absent"
	fi
}

t_host_untouched() {
	local f hits
	while IFS= read -r f; do
		case $f in harness/guest/* | tests/guest/* | bench/guest/*) continue ;; esac
		hits=$(sed -E 's/#.*//; s/modprobe[^;&|]*--show-depends[^;&|]*//g' "$f" |
			grep -nE '(^|[;&|]|then|do|else)[[:space:]]*(sudo[[:space:]]+)?(insmod|rmmod|modprobe|dkms[[:space:]]+(add|build|install|autoinstall|ldtarball|mktarball))([[:space:]]|$)' ||
			true)
		[[ -z $hits ]] || fail "$f runs a module command on the host: $hits"
	done < <(shell_scripts)
	diff "$logs/host-before" <(host_state) || fail "the host's modules or /lib/modules changed"
	cat "$logs/host-before"
	! pgrep -f 'qemu-system-x86_64.*kit.guest=1' >/dev/null || fail "a guest QEMU is still running"
}

# QEMU missing, or a kernel image that is not one: clear errors, no pass.
t_harness_bad_environment() {
	local out=$build/tests/bad-env rc=0 err
	mkdir -p "$out"
	err=$(KIT_QEMU=/nonexistent/qemu harness/run-guest "$(kdir patched)/arch/x86/boot/bzImage" \
		"$build/demo/initramfs.cpio.gz" "$out/a" 2>&1) || rc=$?
	echo "$err"
	if ((rc != 2)) || [[ $err != *"/nonexistent/qemu not found"* ]]; then
		fail "missing QEMU: exit $rc"
	fi
	head -c 300000 "$(kdir patched)/arch/x86/boot/bzImage" >"$out/truncated-bzImage"
	rc=0
	harness/run-guest --timeout 20 "$out/truncated-bzImage" "$build/demo/initramfs.cpio.gz" "$out/b" || rc=$?
	echo "truncated kernel: exit $rc, verdict: $(cat "$out/b/verdict")"
	((rc == 1)) || fail "a truncated kernel image gave exit $rc"
	[[ $(cat "$out/b/verdict") != pass ]] || fail "a truncated kernel image passed"
}

# QEMU that fails to start is reported as such.
t_harness_qemu_fails() {
	local out=$build/tests/qemu-fails rc=0
	KIT_QEMU=/bin/false harness/run-guest "$(kdir patched)/arch/x86/boot/bzImage" \
		"$build/demo/initramfs.cpio.gz" "$out" || rc=$?
	echo "verdict: $(cat "$out/verdict")"
	((rc == 1)) || fail "exit $rc"
	[[ $(cat "$out/verdict") == "qemu: did not start the guest"* ]] || fail "not reported as a QEMU failure"
}

# A full disk in the cache: a clear failure, no stamp, nothing half-built
# taken for built.
t_cache_disk_full() {
	local mnt rc=0
	mnt=$(mktemp -d)
	mount -t tmpfs -o size=64m tmpfs "$mnt" || fail "cannot mount a small tmpfs (needs root)"
	kernel-patch/build-kernels "$mnt" 2>"$logs/disk-full.err" || rc=$?
	tail -n 3 "$logs/disk-full.err"
	if compgen -G "$mnt/kernels/*/*.ok" >/dev/null; then
		umount "$mnt"
		fail "a kernel was stamped built on a full disk"
	fi
	umount "$mnt"
	rmdir "$mnt"
	((rc != 0)) || fail "build-kernels succeeded on a full disk"
	grep -q 'No space left on device' "$logs/disk-full.err" || fail "the error does not say the disk is full"
}

# A build interrupted (SIGINT, then SIGKILL) and run again builds the right
# kernel, and nothing interrupted is taken for built: the patched kernel,
# rebuilt where it is cached, in an overlay that keeps the cache as it is
# (tests/interrupted-build).
t_interrupted_build() {
	local scratch=$build/tests/interrupted-build
	kernel-patch/build-kernels "$KIT_CACHE" --dir patched >/dev/null
	tests/interrupted-build "$KIT_CACHE" "$scratch" || fail "see above"
	kernel-patch/build-kernels "$KIT_CACHE" --dir patched >/dev/null || fail "the cache lost its patched kernel"
	rm -rf "$scratch"
}

# Two makes at once on one work tree and one kernel cache take turns, and
# both succeed with the right result.  In a copy of the tree, since this
# make test holds this tree's build/.lock; over make table, which takes
# seconds.  The first is held inside its lock (SIGSTOP) until the second
# has said that it waits.
t_concurrent_makes() {
	local copy=$build/tests/concurrent rc1=0 rc2=0 p1 p2 n inner=
	rm -rf "$copy"
	mkdir -p "$copy"
	tar --exclude=./build -cf - . | tar -xf - -C "$copy"
	at_exit rm -rf "$copy"
	(cd "$copy" && env -u MAKEFLAGS -u MAKELEVEL make -s table) >"$logs/make-1.log" 2>&1 &
	p1=$!
	# The first make's work runs in a make of its own, under the lock.
	for ((n = 0; n < 300; n++)); do
		inner=$(pgrep -f "make --no-print-directory KIT_DEPS_DONE=1 table" | head -n 1) && break
		sleep 0.1
	done
	[[ -n $inner ]] || fail "the first make never took the lock"
	kill -STOP "$inner"
	at_exit kill -CONT "$inner"
	(cd "$copy" && env -u MAKEFLAGS -u MAKELEVEL make -s table) >"$logs/make-2.log" 2>&1 &
	p2=$!
	for ((n = 0; n < 300; n++)); do
		grep -q 'waiting for another make' "$logs/make-2.log" && break
		sleep 0.1
	done
	kill -CONT "$inner"
	wait "$p1" || rc1=$?
	wait "$p2" || rc2=$?
	head -n 20 "$logs/make-1.log" "$logs/make-2.log"
	((rc1 == 0 && rc2 == 0)) || fail "concurrent makes: exit $rc1 and $rc2"
	expect_grep "$logs/make-2.log" "[make table] waiting for another make in this tree"
	! grep -q "waiting for another make" "$logs/make-1.log" || fail "the first make waited"
	# 0003's rule: register_security open in the baseline, GPL-only patched;
	# capable open in both.
	expect_json "$copy/build/demo/table.json" '[.symbols[] | select(.symbol == "register_security") |
		.kernels.baseline.export, .kernels.patched.export] == ["EXPORT_SYMBOL", "EXPORT_SYMBOL_GPL"]'
	expect_json "$copy/build/demo/table.json" '[.symbols[] | select(.symbol == "capable") |
		.kernels.baseline.export, .kernels.patched.export] == ["EXPORT_SYMBOL", "EXPORT_SYMBOL"]'
}

# KIT_QEMU names the QEMU that the KVM probe would start, as for run-guest.
t_accel_honours_kit_qemu() {
	local rc=0 err
	err=$(KIT_QEMU=/nonexistent/qemu harness/accel "$(kdir patched)/arch/x86/boot/bzImage" 2>&1) || rc=$?
	echo "$err"
	((rc == 2)) || fail "exit $rc, want 2"
	[[ $err == *"/nonexistent/qemu not found"* ]] || fail "KIT_QEMU was not used"
}

# run-guest stopped (TERM, as run-guests and make do) takes its QEMU with it.
t_run_guest_stopped() {
	local out=$build/tests/stopped pid i
	rm -rf "$out"
	mkdir -p "$out"
	echo hang >"$out/fault-mode"
	harness/mkinitramfs "$out/initramfs.cpio.gz" tests/guest/fault.sh "$out/fault-mode"
	harness/run-guest --timeout 300 "$(kdir patched)/arch/x86/boot/bzImage" \
		"$out/initramfs.cpio.gz" "$out/guest" &
	pid=$!
	at_exit pkill -KILL -f "qemu-system-x86_64.*$out/guest/"
	for ((i = 0; i < 100; i++)); do
		grep -q KIT-GUEST-START "$out/guest/channel.log" 2>/dev/null && break
		sleep 0.1
	done
	pgrep -f "qemu-system-x86_64.*$out/guest/" >/dev/null || fail "no QEMU to stop"
	kill -TERM "$pid"
	wait "$pid" || true
	for ((i = 0; i < 50; i++)); do
		pgrep -f "qemu-system-x86_64.*$out/guest/" >/dev/null || return 0
		sleep 0.1
	done
	fail "QEMU still running 5 s after run-guest was stopped"
}

# Ctrl-C at a terminal while make demo's guests run: SIGINT to the whole
# process group.  Within 5 s no QEMU of the demo is left.  The demo here
# is this tree's, already built by the demo group, so its guests start at
# once (KIT_DEPS_DONE: make test holds build/.lock).
t_demo_interrupted() {
	local pid i
	# A background job ignores SIGINT; a terminal's Ctrl-C does not.
	setsid python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' make -s KIT_DEPS_DONE=1 demo >"$logs/demo-interrupted.out" 2>&1 &
	pid=$!
	at_exit pkill -KILL -f "qemu-system-x86_64.*build/demo/"
	# The demo rebuilds what it must first: the distro modules of three
	# Debian kernels, one in a build root, took 3 1/2 minutes on 2 cores.
	local deadline=$((SECONDS + 600))
	while ((SECONDS < deadline)); do
		pgrep -f "qemu-system-x86_64.*demo/(baseline|patched)/" >/dev/null && break
		sleep 0.1
	done
	pgrep -fa "qemu-system-x86_64.*demo/" || fail "the demo's guests did not start"
	sleep 2
	# kill(1), not the builtin: in a test started under job control
	# (run_test), bash's builtin kill takes -PID of a job it started for
	# its own process group, and would interrupt the test instead.
	env kill -INT -- -"$pid"
	for ((i = 0; i < 50; i++)); do
		pgrep -f "qemu-system-x86_64.*demo/" >/dev/null || break
		sleep 0.1
	done
	if ((i == 50)); then
		pgrep -fa "qemu-system-x86_64.*demo/"
		fail "QEMU still running 5 s after Ctrl-C"
	fi
	echo "no QEMU left $((i / 10)).$((i % 10)) s after Ctrl-C"
	# And the demo ends: a make that went on would start the next guests.
	for ((i = 0; i < 100; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	((i < 100)) || fail "make demo still running 10 s after Ctrl-C"
	wait "$pid" 2>/dev/null || true
}

# The probes are keyed by what goes into them: another release or config
# with the same exports is another key, and so is a licence string the
# kernel no longer takes for GPL-compatible (its license.h).
t_probes_key_covers_config() {
	local k fake=$build/tests/probes-key a b c d
	k=$(kdir baseline)
	rm -rf "$fake"
	mkdir -p "$fake/include/generated" "$fake/include/linux"
	cp "$k/Module.symvers" "$k/.config" "$fake/"
	cp "$k/include/generated/utsrelease.h" "$fake/include/generated/"
	cp "$k/include/linux/license.h" "$fake/include/linux/"
	a=$(harness/make-probes --key "$build/demo/table.json" "$fake")
	sed -i 's/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION="-other"/' "$fake/.config"
	b=$(harness/make-probes --key "$build/demo/table.json" "$fake")
	sed -i 's/lsmkit/other/' "$fake/include/generated/utsrelease.h"
	c=$(harness/make-probes --key "$build/demo/table.json" "$fake")
	sed -i 's|"Dual BSD/GPL"|"Dual BSD/GPL v0"|' "$fake/include/linux/license.h"
	d=$(harness/make-probes --key "$build/demo/table.json" "$fake")
	echo "keys: $a, with another config $b, another release $c, \"Dual BSD/GPL\" not GPL $d"
	[[ $a == "$(harness/make-probes --key "$build/demo/table.json" "$k")" ]] || fail "the same inputs gave another key"
	[[ $a != "$b" && $b != "$c" ]] || fail "the key does not cover the config and the release"
	# Every probe is built under the placeholder licence and then given its
	# class's: which licences the kernel takes for GPL changes no byte, so
	# not the key; a kernel that does not take the placeholder is refused.
	[[ $c == "$d" ]] || fail "the key covers which licences the kernel takes for GPL, which no probe is built from"
	sed -i 's|"Dual MIT/GPL"|"Dual MIT/GPL v0"|' "$fake/include/linux/license.h"
	! harness/make-probes --key "$build/demo/table.json" "$fake" 2>"$fake/err" ||
		fail "a kernel that does not take the placeholder licence was taken"
	grep -q "placeholder licence 'Dual MIT/GPL' is not GPL-compatible" "$fake/err" ||
		fail "no clear error: $(cat "$fake/err")"
	# Of the table, the symbols and their namespaces go into the probes;
	# the rest (which module exports a symbol, what differs) does not.
	jq '.symbols[].kernels[].module = "other"' "$build/demo/table.json" >"$fake/table-module.json"
	[[ $a == "$(harness/make-probes --key "$fake/table-module.json" "$k")" ]] ||
		fail "the key covers a field of the table no probe is built from"
	jq '.symbols[0].kernels[].namespace = "OTHER_NS"' "$build/demo/table.json" >"$fake/table-ns.json"
	[[ $a != "$(harness/make-probes --key "$fake/table-ns.json" "$k")" ]] ||
		fail "the key does not cover the namespace a probe imports"
}

# A probe set is built once per key: another checkout (another OUTDIR)
# copies it from the kit cache, byte for byte, and builds nothing.
t_probes_kept_in_cache() {
	local k dir=$build/tests/probes-cache ko
	k=$(kdir baseline)
	rm -rf "$dir"
	mkdir -p "$dir"
	echo '{"symbols": [{"symbol": "capable", "kernels": [{}]}]}' >"$dir/table.json"
	KIT_CACHE=$dir/cache harness/make-probes "$dir/table.json" "$k" "$dir/one" 2>"$dir/one.log" ||
		fail "first build failed: $(tail -n 3 "$dir/one.log")"
	KIT_CACHE=$dir/cache harness/make-probes "$dir/table.json" "$k" "$dir/two" 2>"$dir/two.log" ||
		fail "second run failed: $(tail -n 3 "$dir/two.log")"
	cat "$dir/one.log" "$dir/two.log"
	expect_grep "$dir/one.log" "building 4"
	expect_grep "$dir/two.log" "4 probes, built before, from $dir/cache/probes/"
	! grep -q building "$dir/two.log" || fail "the second run built the probes again"
	cmp "$dir/one/probes.tsv" "$dir/two/probes.tsv" || fail "probes.tsv differs"
	for ko in "$dir"/one/*.ko; do
		cmp "$ko" "$dir/two/${ko##*/}" || fail "${ko##*/} differs from the kept copy"
	done
	(($(find "$dir/two" -name '*.ko' | wc -l) == 4)) || fail "the copy has not 4 probes"
}

# A usage error is exit status 2 with a line naming the program, everywhere.
t_usage_errors() {
	local cmd rc err
	local -a call
	for cmd in results/validate-json tests/html-facts results/guest-records results/collect-demo \
		results/collect-matrix results/collect-cases results/licence-table results/check-debian \
		harness/run-guests harness/run-guest harness/mkinitramfs harness/make-probes tests/interrupted-build \
		kernel-patch/build-kernels "kernel-patch/build-kernels --dir baseline"; do
		# A command and its arguments: the cache forgotten before an option.
		read -ra call <<<"$cmd"
		cmd=${call[0]}
		rc=0
		err=$("${call[@]}" 2>&1 >/dev/null) || rc=$?
		echo "${call[*]}: exit $rc: $err"
		((rc == 2)) || fail "$cmd: exit $rc on a usage error, want 2"
		[[ $(wc -l <<<"$err") == 1 && $err == "${cmd##*/}: "* ]] || fail "$cmd: not one line naming itself: $err"
	done
}

# A test that runs too long is stopped, and what it started with it: its
# cleanup runs, its log says why, and none of its processes is left.  The
# sleeps are told apart by a length no other test uses.
t_runner_timeout() {
	local tmp mark=314159 left
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	# shellcheck disable=SC2317 # called by run_test
	t_runner_sleeper() {
		at_exit touch "$tmp/cleaned"
		sleep "$mark" &
		sleep "$mark"
	}
	SECONDS=0
	run_test runner_sleeper 2 "$tmp/log"
	echo "exit $run_test_rc after ${SECONDS}s; log: $(tr '\n' ' ' <"$tmp/log")"
	((run_test_rc != 0)) || fail "a stopped test exited 0"
	((SECONDS < 30)) || fail "stopped after ${SECONDS}s, not 2"
	expect_grep "$tmp/log" "FAIL: still running after 2s (KIT_TEST_TIMEOUT): stopped"
	[[ -e $tmp/cleaned ]] || fail "the stopped test's at_exit did not run"
	sleep 1
	left=$(pgrep -f "^sleep $mark\$" || true)
	[[ -z $left ]] || fail "left running: $left"
}

# tests/run --list names every group and test and runs nothing; a bad
# KIT_TEST_TIMEOUT is a usage error.
t_runner_list() {
	local list rc=0 err g
	list=$(tests/run --list)
	echo "$list"
	for g in lint kernels demo matrix dkms api sdk cases distro guide harness debug; do
		grep -q "^$g (needs: " <<<"$list" || fail "--list lacks the group $g"
	done
	grep -q "^harness (needs: kernels): .* runner_list " <<<"$list" || fail "--list lacks runner_list"
	err=$(KIT_TEST_TIMEOUT=soon tests/run lint 2>&1 >/dev/null) || rc=$?
	((rc == 2)) || fail "KIT_TEST_TIMEOUT=soon: exit $rc, want 2"
	[[ $err == "run: error: KIT_TEST_TIMEOUT must be a number of seconds, not 'soon'" ]] ||
		fail "KIT_TEST_TIMEOUT=soon: $err"
}

# A run of tests that use no kernel builds none, and each test declared so
# (kit_needs_no_kernel) passes with no kernel to be had: no cache, no
# build directory known, and a make that fails.
t_runner_no_kernel() {
	local tmp t n=0
	needs_kernels shellcheck reuse_lint && fail "shellcheck and reuse_lint would build the kernels"
	needs_kernels shellcheck kdir || fail "kdir would not build the kernels"
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	spy_commands "$tmp/bin" make
	for t in "${!no_kernel[@]}"; do
		[[ $t == runner_no_kernel ]] && continue
		KDIR_baseline='' KDIR_patched='' KIT_CACHE=$tmp/no-cache PATH=$tmp/bin:$PATH \
			run_test "$t" 300 "$tmp/$t.log"
		((run_test_rc == 0)) ||
			fail "$t, declared to use no kernel, fails without one: $(tail -n 3 "$tmp/$t.log")"
		[[ ! -e $tmp/bin/calls ]] || fail "$t ran $(cat "$tmp/bin/calls")"
		[[ ! -e $tmp/no-cache ]] || fail "$t made the kernel cache"
		n=$((n + 1))
	done
	echo "$n tests declared to use no kernel pass without one"
	((n >= 5)) || fail "only $n tests declared to use no kernel"
}

# A test that fails inside $(...) says why in its log: fail writes to
# stderr, which the substitution does not take.
t_runner_reason_kept() {
	local tmp
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	# shellcheck disable=SC2317 # called by run_test
	t_runner_fails_inside() {
		local out
		out=$(fail "the reason, from inside a substitution")
		echo "not reached: $out"
	}
	run_test runner_fails_inside 60 "$tmp/log"
	echo "exit $run_test_rc; log: $(tr '\n' ' ' <"$tmp/log")"
	((run_test_rc == 1)) || fail "exit $run_test_rc, want 1"
	expect_grep "$tmp/log" "FAIL: the reason, from inside a substitution"
}

# expect_json_eq and expect_json_has pass when they should and, when not,
# print what they found (and what was expected) before the reason, as
# KUnit's EXPECT_EQ does; jq's options reach the expressions, and a file
# jq cannot read is named.
t_runner_expect_json() {
	local tmp t
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	echo '{"verdict": "pass", "cpus": [1, 2], "messages": ["a: loaded", "b: refused"]}' >"$tmp/r.json"
	# shellcheck disable=SC2317 # called by run_test
	t_runner_expect_holds() {
		expect_json_eq "$tmp/r.json" .verdict '"pass"'
		expect_json_eq - '.cpus[]' '1, 2' <"$tmp/r.json"
		expect_json_eq --argjson n 2 "$tmp/r.json" '.cpus | length' '$n'
		expect_json_has --arg m "b: refused" "$tmp/r.json" .messages '$m'
	}
	# shellcheck disable=SC2317
	t_runner_eq_differs() { expect_json_eq "$tmp/r.json" .cpus '[2]' "two CPUs"; }
	# shellcheck disable=SC2317
	t_runner_has_not() { expect_json_has "$tmp/r.json" .messages '"b: refused."'; }
	# shellcheck disable=SC2317
	t_runner_unreadable() { expect_json_eq "$tmp/none.json" .verdict '"pass"'; }
	run_test runner_expect_holds 60 "$tmp/holds.log"
	((run_test_rc == 0)) || fail "expectations that hold failed: $(cat "$tmp/holds.log")"
	for t in eq_differs has_not unreadable; do
		run_test "runner_$t" 60 "$tmp/$t.log"
		cat "$tmp/$t.log"
		((run_test_rc == 1)) || fail "$t: exit $run_test_rc, want 1"
	done
	[[ $(cat "$tmp/eq_differs.log") == $'# expected: [2]\n# actual:   [1,2]\nFAIL: two CPUs (in '"$tmp"'/r.json)' ]] ||
		fail "differing values not printed as expected, then actual, then the reason"
	[[ $(cat "$tmp/has_not.log") == $'# expected in it: "b: refused."\n# actual: ["a: loaded","b: refused"]\nFAIL: .messages has "b: refused." (in '"$tmp"'/r.json)' ]] ||
		fail "a missing item not printed with the array"
	expect_grep "$tmp/unreadable.log" "FAIL: .verdict == \"pass\": jq failed on $tmp/none.json"
}

# A test whose group needs the demo is skipped, saying why, when the demo
# is not in the run and left no results; with the demo in the run, it
# runs (and fails if the demo did).  So is a test whose fixture another
# test of its group makes (kit_made_by), while that file is missing or
# after that test failed.
# shellcheck disable=SC2034 # tests/run's arrays, read by missing_fixture
t_runner_fixture_missing() {
	local tmp said
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	fixture_of[demo]=$tmp/results.json
	unset 'wanted[demo]'
	said=$(missing_fixture sdk_table)
	[[ $said == "needs $tmp/results.json: run tests/run demo first" ]] || fail "no demo, no results: '$said'"
	wanted[demo]=1
	[[ -z $(missing_fixture sdk_table) ]] || fail "skipped although the demo is in the run"
	unset 'wanted[demo]'
	touch "$tmp/results.json"
	[[ -z $(missing_fixture sdk_table) ]] || fail "skipped although the results are there"
	[[ -z $(missing_fixture shellcheck) ]] || fail "shellcheck's group needs no demo"
	# Within a group: a test that needs what another makes.
	fixture_file[sdk_fixtures_build]=$tmp/fixture
	fixture_tests[sdk_valgrind]=" sdk_fixtures_build"
	said=$(missing_fixture sdk_valgrind)
	[[ $said == "needs $tmp/fixture: run tests/run sdk_fixtures_build first" ]] || fail "no fixture: '$said'"
	touch "$tmp/fixture"
	[[ -z $(missing_fixture sdk_valgrind) ]] || fail "skipped although the fixture is there"
	test_rc[sdk_fixtures_build]=1
	said=$(missing_fixture sdk_valgrind)
	[[ $said == "needs $tmp/fixture, which sdk_fixtures_build failed to make" ]] ||
		fail "ran on a fixture its maker failed to make: '$said'"
}

# A test's cleanup runs however it ends, with the values it was given:
# when fail ends the test, and when the test returns.
t_cleanup_on_failure() {
	local dir=$build/tests/cleanup rc
	rm -rf "$dir"
	mkdir -p "$dir"
	for how in fail return; do
		rc=0
		(
			f() {
				local mark=$dir/$how
				at_exit touch "$mark"
				[[ $how == return ]] || fail "on purpose"
			}
			f
		) >/dev/null || rc=$?
		[[ -f $dir/$how ]] || fail "no cleanup after a test ended by $how (exit $rc)"
	done
	echo "cleanups ran after fail and after return"
}

# A static key flipped while the other CPU runs its site, on the kernel
# without the kit's patches: with --tcg-single (how the API and stress
# guests run) the guest survives 10 s of it.  With multi-threaded TCG,
# QEMU 7.2 (bookworm's, which the kit's notes name) stops on the int3 of
# text_poke_bp() at the module's site (harness/run-guest), which is why
# those guests do not use it (QEMU 10.0 too: kernel-patch/README.md);
# another QEMU's outcome is only reported.
t_static_keys_single_tcg() {
	local out=$build/tests/static-keys k rc=0 rec
	kernel-patch/build-kernels "$KIT_CACHE" --unpatched >/dev/null
	k=$(kdir unpatched)
	scripts/build-modules "$k" "$out/modules" tests/modules/static_key_flip
	rec=$(guest unpatched "$out" tests/guest/static-key-flip.sh --timeout 300 --tcg-single \
		"$out/modules/static_key_flip/static_key_flip.ko")
	expect_two_cpus "$rec"
	expect_json_match - '[.static_key_flip.counts]' '"^flips [1-9][0-9]* runs [1-9][0-9]* hits [0-9]+$"' \
		"the key flipped under load" <<<"$rec"
	echo "single-threaded TCG: $(jq -r .static_key_flip.counts <<<"$rec")"
	harness/run-guest --timeout 300 "$k/arch/x86/boot/bzImage" "$out/initramfs.cpio.gz" "$out/multi" || rc=$?
	echo "multi-threaded TCG: $(cat "$out/multi/verdict")"
	[[ $("${KIT_QEMU:-qemu-system-x86_64}" --version) == *"version 7.2."* ]] || return 0
	if ((rc == 0)) || ! grep -aq '^int3: ' "$out/multi/console.log" ||
		! grep -aq 'RIP: .*static_key_flip_site' "$out/multi/console.log"; then
		fail "QEMU 7.2's multi-threaded TCG no longer stops at the flipped site: --tcg-single may be dropped"
	fi
}
