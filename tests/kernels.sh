# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# kernels: what build-kernels built, and make kdir.

kit_group kernels "" \
	kernels_built no_compiler_warnings patched_is_incremental export_types \
	kdir cache_prunes

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
		# kbuild says these whenever it runs, unless silenced.
		grep -qE '^  (CALL|DESCEND) ' "$log" || fail "$log is a silent build's: it would hide warnings"
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

# The cache keeps, of each kind, the trees of the three keys last asked
# for, this run's among them however long ago it was built, and removes
# the rest, saying what and how much.  On a cache of stand-in trees.
t_cache_prunes() {
	local cache=$build/tests/prune-cache top this i
	rm -rf "$cache"
	at_exit rm -rf "$cache"
	this=$(kernel-patch/build-kernels "$cache" --stamps | sed -n 1p)
	this=${this%.ok}
	top=$(dirname "$this")
	# stand_in TREE DATE: a 1 MB tree, built, last asked for on DATE.
	stand_in() {
		mkdir -p "$1"
		head -c 1048576 /dev/zero >"$1/vmlinux"
		touch "$1.ok" "$1-build.log"
		touch -d "$2" "$1.used"
	}
	stand_in "$this" 2026-01-01
	for i in 1 2 3 4 5; do
		stand_in "$top/baseline-old$i" "2026-02-0$i 12:00"
	done
	stand_in "$top/patched-old1" 2026-02-01
	kernel-patch/build-kernels "$cache" --prune 2>"$logs/prune.err"
	cat "$logs/prune.err"
	[[ -f $this.ok && -d $this ]] || fail "this key's baseline was removed"
	for i in 4 5; do
		[[ -f $top/baseline-old$i.ok ]] || fail "baseline-old$i, among the last used, was removed"
	done
	for i in 1 2 3; do
		[[ ! -e $top/baseline-old$i && ! -e $top/baseline-old$i.ok && ! -e $top/baseline-old$i.used &&
			! -e $top/baseline-old$i-build.log ]] || fail "baseline-old$i was not removed whole"
		grep -qE "^\[kernels\] removed baseline-old$i \([0-9]+ MB\), last used 2026-02-0$i 12:00$" \
			"$logs/prune.err" || fail "no line for baseline-old$i's removal"
	done
	[[ -f $top/patched-old1.ok ]] || fail "the only patched tree was removed"
	grep -qE "^\[kernels\] [0-9]+ MB freed in $top$" "$logs/prune.err" || fail "no line for the space freed"
	# A tree asked for within the last hours is kept, wherever it ranks.
	stand_in "$top/baseline-old6" "2 hours ago"
	stand_in "$top/baseline-old7" "1 hour ago"
	stand_in "$top/baseline-old8" "30 minutes ago"
	kernel-patch/build-kernels "$cache" --prune 2>"$logs/prune.err"
	cat "$logs/prune.err"
	[[ -f $top/baseline-old6.ok ]] || fail "a tree asked for 2 hours ago, fourth, was removed"
	[[ ! -e $top/baseline-old4 && ! -e $top/baseline-old5 ]] || fail "old trees beyond the third were kept"
}
