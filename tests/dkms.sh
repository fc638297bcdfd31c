# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# dkms: the examples as customers install them, in a Debian guest.

kit_group dkms "demo" \
	dkms_packages dkms_bad_input dkms_guests_passed dkms_gpl_package_works \
	dkms_proprietary_lsm dkms_proprietary_capable dkms_build_exclusive_skip \
	dkms_image_cache vm_shell

dkms_out=$build/dkms

# One copy of each source: the packaged trees are the examples' files.
t_dkms_packages() {
	local conf m name version f deb tarball listing n=0
	for conf in dkms/*/dkms.conf; do
		m=${conf%/dkms.conf}
		m=${m#dkms/}
		name=$(conf_value "$conf" PACKAGE_NAME)
		version=$(conf_value "$conf" PACKAGE_VERSION)
		[[ $(conf_value "$conf" 'DEST_MODULE_LOCATION\[0\]') == /updates/dkms ]] ||
			fail "$conf: DEST_MODULE_LOCATION is not /updates/dkms"
		[[ $(conf_value "$conf" 'BUILT_MODULE_NAME\[0\]') == "$m" ]] || fail "$conf: BUILT_MODULE_NAME"
		for f in example-modules/"$m"/*; do
			cmp "$f" "$dkms_out/src/$name-$version/${f##*/}" || fail "$name: ${f##*/} differs from $f"
		done
		cmp "$conf" "$dkms_out/src/$name-$version/dkms.conf" || fail "$name: dkms.conf differs"
		deb=$dkms_out/${name}-dkms_${version}_all.deb
		[[ $(dpkg-deb -f "$deb" Package) == "$name-dkms" ]] || fail "$deb: wrong Package"
		# Each listing read whole first: "producer | grep -q" fails under
		# pipefail when grep, done at its first match, leaves the producer
		# writing to a closed pipe.
		grep -q '^dkms' <<<"$(dpkg-deb -f "$deb" Depends)" || fail "$deb does not depend on dkms"
		listing=$(dpkg-deb -c "$deb")
		grep -q " ./usr/src/$name-$version/dkms.conf$" <<<"$listing" || fail "$deb lacks dkms.conf"
		grep -q " ./usr/src/$name-$version/Kbuild$" <<<"$listing" || fail "$deb lacks Kbuild"
		grep -q /usr/lib/dkms/common.postinst <<<"$(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst)" ||
			fail "$deb: postinst does not run dkms"
		grep -q '^License: MIT$' <<<"$(dpkg-deb --fsys-tarfile "$deb" |
			tar -xO "./usr/share/doc/$name-dkms/copyright")" || fail "$deb: copyright lacks the MIT sources"
		tarball=$dkms_out/$name-$version-source-only.dkms.tar.gz
		listing=$(tar -tzf "$tarball")
		grep -qx './dkms_source_tree/dkms.conf' <<<"$listing" || fail "$tarball: no dkms_source_tree"
		grep -qx './dkms_main_tree/' <<<"$listing" || fail "$tarball: no dkms_main_tree"
		echo "$name $version: source tree, $(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version), tarball"
		n=$((n + 1))
	done
	((n == 4)) || fail "$n examples packaged, want 4"
}

# Bad packaging input: one clear line, and the output left as it was.
t_dkms_bad_input() {
	local tmp rc=0 err
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	mkdir -p "$tmp/kit"
	cp -r dkms scripts example-modules "$tmp/kit/"
	sed -i 's/^PACKAGE_NAME=.*/PACKAGE_NAME="Gpl_LSM"/' "$tmp/kit/dkms/gpl_lsm/dkms.conf"
	mkdir "$tmp/out"
	touch "$tmp/out/previous"
	err=$("$tmp/kit/dkms/make-packages" "$tmp/out" 2>&1) || rc=$?
	echo "$err"
	((rc == 2)) || fail "exit $rc, want 2"
	[[ $err == *"gpl_lsm/dkms.conf: PACKAGE_NAME 'Gpl_LSM' is not a valid Debian package name"* ]] ||
		fail "no clear error"
	[[ -f $tmp/out/previous && ! -e $tmp/out.tmp ]] || fail "the output was changed or a stage left"
	rc=0
	printf 'gpl_lsm\tcarrier-pigeon\n' >>"$tmp/kit/dkms/demo.tsv"
	git show HEAD:dkms/gpl_lsm/dkms.conf >"$tmp/kit/dkms/gpl_lsm/dkms.conf"
	err=$("$tmp/kit/dkms/make-packages" "$tmp/out" 2>&1) || rc=$?
	echo "$err"
	if ((rc != 2)) || [[ $err != *"demo.tsv: gpl_lsm: unknown method 'carrier-pigeon'"* ]]; then
		fail "an unknown method was not refused clearly"
	fi
}

t_dkms_guests_passed() {
	expect_jq_eq '.kernels.baseline.dkms_guest_verdict' '"pass"' "baseline Debian guest passed"
	expect_jq_eq '.kernels.patched.dkms_guest_verdict' '"pass"' "patched Debian guest passed"
	expect_jq '[.loads[] | select(.kind == "dkms")] | length == 6 and all(.observed and .as_expected)' \
		"6 dkms rows, each observed and as dkms/expected-outcomes.tsv says"
}

# The GPL example, from its Debian package: dkms builds it, modprobe loads
# it from /updates/dkms, and its hook denies the mkdir.
t_dkms_gpl_package_works() {
	local k r release
	for k in baseline patched; do
		r=$(row "$k" gpl_lsm dkms)
		release=$(jq -r ".kernels.$k.release" "$results")
		expect_jq "$r | .method == \"deb\" and (.install_command | startswith(\"apt-get install ./gpl-lsm-dkms_\"))"
		expect_jq "$r | .install_exit == 0 and .install_result == \"installed\""
		expect_jq_eq "$r | .dkms_status" "\"gpl-lsm/1.0, $release, x86_64: installed\"" "$k: dkms status"
		expect_jq "$r | .dkms_output | index(\"Setting up gpl-lsm-dkms (1.0) ...\") != null" \
			"$k: the package's postinst ran dkms"
		expect_jq_eq "$r | .module_path" "\"/lib/modules/$release/updates/dkms/gpl_lsm.ko\""
		expect_jq "$r | .modprobe_exit == 0 and .loaded and .lsm_listed and .hook_effective" "$k: loads and works"
		expect_jq "$r | .unloaded and .hook_removed_after_unload" "$k: modprobe -r removes the hook"
		expect_jq "$r | .taint == [\"O\", \"E\"]" \
			"$k: taints O (out of tree) and E (no signature the kernel trusts) only"
		expect_jq "$r | .dkms_output | map(test(\"won.t be signed\")) | any | not" \
			"$k: dkms did not complain it could not sign"
	done
}

# The proprietary LSM: on the patched kernel dkms's build stops at modpost,
# and dkms says so; on the baseline it installs, loads and taints P.
t_dkms_proprietary_lsm() {
	local r
	r=$(row patched proprietary_lsm dkms)
	expect_jq "$r | .install_result == \"build-failed\" and .install_exit == 10"
	expect_jq "$r | .dkms_errors | map(test(\"^Error! Bad return status for module build on kernel\")) | any" \
		"dkms reports the failed build"
	expect_jq "$r | .dkms_output | map(test(\"Consult /var/lib/dkms/proprietary-lsm/1.0/build/make.log\")) | any" \
		"dkms points at make.log"
	expect_jq_eq "$r | .make_log" '"/var/lib/dkms/proprietary-lsm/1.0/build/make.log"'
	expect_jq "$r | .make_log_errors | index(\"ERROR: modpost: GPL-incompatible module proprietary_lsm.ko uses GPL-only symbol 'register_security'\") != null" \
		"make.log has modpost's GPL-only error"
	expect_jq_eq "$r | .dkms_status" '"proprietary-lsm/1.0: added"' "dkms status: added, not installed"
	expect_jq "$r | .loaded == false and .module_path == null"
	r=$(row baseline proprietary_lsm dkms)
	expect_jq "$r | .install_result == \"installed\" and .loaded and .hook_effective"
	# dkms signs what it builds with the headers' sign-file and a key of its
	# own, as on a customer's Debian system; the kernel does not know the key.
	expect_jq "$r | .dkms_output | map(test(\"^Sign command: /lib/modules/.*/build/scripts/sign-file$\")) | any" \
		"dkms used the headers' sign-file"
	expect_jq "$r | .dkms_output | map(test(\"^Signing module .*/proprietary_lsm.ko$\")) | any" "dkms signed the module"
	expect_jq "$r | .taint | index(\"P\") != null" "baseline: taints P"
	expect_jq "$r | .kernel_messages | index(\"proprietary_lsm: module license 'Proprietary' taints kernel.\") != null"
}

t_dkms_proprietary_capable() {
	local k r
	for k in baseline patched; do
		r=$(row "$k" proprietary_capable dkms)
		expect_jq "$r | .method == \"tarball\" and .install_result == \"installed\""
		expect_jq "$r | .install_command | startswith(\"dkms ldtarball proprietary-capable-1.0-source-only.dkms.tar.gz\")"
		expect_jq "$r | .loaded and .hook_evidence.admin == \"Y\"" "$k: loads, capable() answers"
		expect_jq "$r | .taint | index(\"P\") != null" "$k: taints P"
		expect_jq "$r | .kernel_taint.flags | index(\"P\") != null" "$k: kernel taint P"
	done
}

# dkms's exit status 77: BUILD_EXCLUSIVE_* rules the kernel out.  A
# dkms.conf for the 2.4 kernels of the 2002 patch, on the patched kernel.
t_dkms_build_exclusive_skip() {
	local out=$build/tests/dkms-exclusive src rec
	rm -rf "$out"
	mkdir -p "$out/dkms/src"
	src=$out/dkms/src/legacy-lsm-1.0
	cp -r "$dkms_out/src/gpl-lsm-1.0" "$src"
	sed -i -e 's/^PACKAGE_NAME=.*/PACKAGE_NAME="legacy-lsm"/' -e '/^BUILD_EXCLUSIVE_CONFIG=/d' "$src/dkms.conf"
	echo 'BUILD_EXCLUSIVE_KERNEL="^2\.4\."' >>"$src/dkms.conf"
	printf 'gpl_lsm\tlegacy-lsm\t1.0\tdkms\tlsm\n' >"$out/dkms/plan.tsv"
	rec=$(guest patched "$out" harness/guest/debian.sh --timeout 600 --memory 1024 \
		--append kit.debian=dkms.sh --disk "$(harness/mkimage "$KIT_CACHE" "$(kdir patched)" patched)" \
		harness/guest/dkms.sh "$out/dkms")
	jq -r '.gpl_lsm.install_output[]' <<<"$rec"
	expect_json_eq - '.gpl_lsm | {install_exit, install_result}' '{install_exit: "77", install_result: "skipped"}' \
		"dkms skipped with 77" <<<"$rec"
	expect_json_eq - .gpl_lsm.modprobe_exit null "a skipped module was not loaded" <<<"$rec"
}

# Guest images: cached by content, and bad input refused clearly.
t_dkms_image_cache() {
	local kdir tmp path err rc=0 start
	kdir=$(kdir patched)
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	start=$SECONDS
	path=$(harness/mkimage "$KIT_CACHE" "$kdir" patched 2>"$tmp/err")
	echo "cached image: $path ($((SECONDS - start))s)"
	[[ -s $path && -f ${path%/rootfs.img}.ok ]] || fail "no cached image"
	! grep -q mmdebstrap "$tmp/err" || fail "a cached image was rebuilt"
	[[ $(harness/mkimage "$KIT_CACHE" "$kdir" patched --path) == "$path" ]] || fail "--path differs"
	# Other kernel packages: another image.
	mkdir -p "$tmp/tree/kit-debs"
	cp "$kdir"/kit-debs/*.deb "$tmp/tree/kit-debs/"
	echo >>"$(find "$tmp/tree/kit-debs" -name 'linux-image-*' | head -n 1)"
	[[ $(harness/mkimage "$KIT_CACHE" "$tmp/tree" patched --path) != "$path" ]] ||
		fail "changed kernel packages give the same image"
	rm "$tmp"/tree/kit-debs/linux-headers-*
	err=$(harness/mkimage "$KIT_CACHE" "$tmp/tree" patched 2>&1) || rc=$?
	echo "$err"
	if ((rc != 2)) || [[ $err != *"$tmp/tree: no kernel packages in kit-debs/"* ]]; then
		fail "missing kernel packages not refused clearly"
	fi
	rc=0
	err=$(harness/mkimage "$KIT_CACHE" "$kdir" 'Bad Name' 2>&1) || rc=$?
	if ((rc != 2)) || [[ $err != *"image name 'Bad Name'"* ]]; then
		fail "a bad image name was not refused"
	fi
}

# make vm-shell, as a person at a terminal uses it (through tmux).
t_vm_shell() {
	local session=kit-vm-$$ i screen
	pane() { tmux capture-pane -p -t "$session" -S -200; }
	# wait_pane PATTERN SECS: until the pane shows an extended regex; fails
	# at once, with the pane, if make vm-shell ends first.
	wait_pane() {
		local now
		for ((i = 0; i < $2; i++)); do
			now=$(pane)
			grep -qE "$1" <<<"$now" && return 0
			if grep -q '^KIT-VM-EXIT=' <<<"$now"; then
				echo "$now"
				fail "make vm-shell ended before '$1' showed"
			fi
			sleep 1
		done
		pane
		fail "no '$1' on the terminal after $2 s"
	}
	tmux kill-session -t "$session" 2>/dev/null || true
	at_exit tmux kill-session -t "$session"
	# Should make or QEMU outlive the session, they go too.
	at_exit pkill -f "qemu-system-x86_64.*build/vm-patched/"
	# KIT_DEPS_DONE on the command line: make test already holds build/.lock.
	tmux new-session -d -s "$session" -x 160 -y 50 \
		"make -s KIT_DEPS_DONE=1 vm-shell; echo KIT-VM-EXIT=\$?; sleep 600"
	wait_pane 'Leave with "exit"' 180
	wait_pane 'root@kit-guest:.*# *$' 60
	# Typed into the guest's shell, which expands it: KIT-42 is its answer.
	tmux send-keys -t "$session" 'uname -r; dkms status; ls /kit/dkms/*.deb | wc -l; echo KIT-$((6 * 7))' Enter
	wait_pane '^KIT-42' 60
	pane
	screen=$(pane)
	grep -qE '^6\.1\.[0-9]+-lsmkit$' <<<"$screen" || fail "uname -r is not the kit kernel"
	grep -qx '4' <<<"$screen" || fail "the four -dkms packages are not at hand"
	grep -q 'dkms install proprietary-lsm/1.0' <<<"$screen" || fail "the banner lacks the commands to try"
	tmux send-keys -t "$session" 'exit' Enter
	wait_pane '^KIT-VM-EXIT=0' 60
}
