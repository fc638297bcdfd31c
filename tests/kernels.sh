# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# kernels: what build-kernels built, and make kdir.

kit_group kernels "" \
	kernels_built no_compiler_warnings patched_is_incremental export_types \
	kdir

t_kernels_built() {
	local b p version n
	b=$(kdir baseline)
	p=$(kdir patched)
	version=$(dpkg-query -W -f='${Version}' linux-source-6.1)
	for t in "$b" "$p"; do
		[[ -s $t/arch/x86/boot/bzImage ]] || fail "$t has no bzImage"
		expect_grep "$t/kit-kernel.txt" "source: linux-source-6.1 $version"
		cat "$t/kit-kernel.txt"
	done
	[[ $(grep '^release:' "$b/kit-kernel.txt") == "$(grep '^release:' "$p/kit-kernel.txt")" ]] ||
		fail "baseline and patched have different version strings"
	n=$(kit_series_patches baseline | wc -l)
	[[ $(grep -c '^patch:' "$b/kit-kernel.txt") == "$n" ]] || fail "baseline should have the series' first $n patches"
	[[ $(grep -c '^patch:' "$p/kit-kernel.txt") == "$(kit_series_patches patched | wc -l)" ]] ||
		fail "patched should have the whole series"
	(($(kit_series_patches patched | wc -l) == n + 1)) || fail "the policy change should be the one patch after the baseline"
	cmp -s "$b/.config" "$p/.config" || fail "baseline and patched configs differ"
	grep -qx 'CONFIG_SECURITY_LOADABLE_LSM=y' "$p/.config" || fail "option not enabled"
}

t_no_compiler_warnings() {
	local log n
	for log in "$(kdir baseline)-build.log" "$(kdir patched)-build.log"; do
		n=$(grep -c 'warning:' "$log" || true)
		echo "$log: $n warnings"
		((n == 0)) || { grep 'warning:' "$log"; fail "compiler warnings in $log"; }
	done
}

# The patched kernel is the baseline tree plus an incremental rebuild: it
# recompiled security/security.o, and under one object in twenty.
t_patched_is_incremental() {
	local p objects
	p=$(grep -c '^  CC ' "$(kdir patched)-build.log")
	objects=$(find "$(kdir patched)" -name '*.o' | wc -l)
	echo "C files compiled for the patched kernel: $p of $objects objects"
	grep -q '^  CC .*security/security.o' "$(kdir patched)-build.log" ||
		fail "patched build did not recompile security/security.o"
	((p * 20 < objects)) || fail "patched build compiled $p files, not an incremental build"
}

# symvers_type TREE SYMBOL: the export type recorded by modpost.
symvers_type() {
	awk -F'\t' -v s="$2" '$2 == s { print $4 }' "$1/Module.symvers"
}

t_export_types() {
	local b p s
	b=$(kdir baseline)
	p=$(kdir patched)
	for s in register_security unregister_security security_hook_heads; do
		[[ $(symvers_type "$b" "$s") == EXPORT_SYMBOL ]] || fail "baseline: $s is not EXPORT_SYMBOL"
		[[ $(symvers_type "$p" "$s") == EXPORT_SYMBOL_GPL ]] || fail "patched: $s is not EXPORT_SYMBOL_GPL"
		echo "$s: EXPORT_SYMBOL -> EXPORT_SYMBOL_GPL"
	done
	for s in capable ns_capable; do
		[[ $(symvers_type "$b" "$s") == EXPORT_SYMBOL ]] || fail "baseline: $s is not EXPORT_SYMBOL"
		[[ $(symvers_type "$p" "$s") == EXPORT_SYMBOL ]] || fail "patched: $s is not EXPORT_SYMBOL"
		echo "$s: EXPORT_SYMBOL in both"
	done
}

# "make -C $(make -s kdir KERNEL=patched) M=..." builds a module.
t_kdir() {
	local dir tmp
	dir=$(make -s kdir KERNEL=patched)
	[[ $dir == "$(kdir patched)" ]] || fail "make kdir printed '$dir'"
	[[ $(make -s kdir KERNEL=baseline) == "$(kdir baseline)" ]] || fail "make kdir KERNEL=baseline"
	if make -s kdir KERNEL=bogus 2>"$logs/kdir-bogus.err"; then
		fail "make kdir KERNEL=bogus succeeded"
	fi
	expect_grep "$logs/kdir-bogus.err" "KERNEL must be baseline or patched (or debug, unpatched), not 'bogus'"
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	cp -L example-modules/gpl_lsm/* "$tmp"
	make -C "$dir" M="$tmp" modules
	[[ -f $tmp/gpl_lsm.ko ]] || fail "no gpl_lsm.ko built through make kdir"
}
