# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# kernels: what build-kernels built, and make kdir.

kit_group kernels "" \
	kernels_built no_compiler_warnings patched_is_incremental export_types \
	kdir cache_prunes series_git_round_trip

t_kernels_built() {
	local b p version n key
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
	# What makes two builds of one series differ is pinned: the version
	# is the kind, not a count of links, and modules are signed with one
	# key kept outside every tree.
	grep -q '^#define UTS_VERSION "#baseline ' "$b/include/generated/utsversion.h" ||
		fail "the baseline's uname -v does not say #baseline"
	grep -q '^#define UTS_VERSION "#patched ' "$p/include/generated/utsversion.h" ||
		fail "the patched kernel's uname -v does not say #patched"
	key=$(sed -n 's/^CONFIG_MODULE_SIG_KEY="\(.*\)"$/\1/p' "$p/.config")
	[[ $key == /* && -s $key ]] || fail "CONFIG_MODULE_SIG_KEY='$key' is not a key outside the tree"
	cmp "$b/certs/signing_key.x509" "$p/certs/signing_key.x509" ||
		fail "baseline and patched carry different signing certificates"
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

# changed_inputs FROM TREE: the objects of TREE (built incrementally from
# a copy of FROM) whose dependencies as kbuild recorded them (the .cmd
# files fixdep writes) include a file that differs between the two trees,
# in content or in mtime (kbuild rewrites some generated headers, such as
# voffset.h, with the same content), with that file: "OBJECT FILE" lines.
# What an incremental build must have recompiled, found without its log.
changed_inputs() {
	local from=$1 tree=$2
	# Built at the source's one build path, then moved to its key's.
	# tools/ are host programs, whose dependencies kbuild does not record.
	# shellcheck disable=SC2016 # $(wildcard ...) is kbuild's, not the shell's
	find "$tree" -path "$tree/tools" -prune -o -name '.*.o.cmd' -print0 |
		xargs -0 awk -v work="${tree%/*}/work/" '
		/^source_.* := / { print substr($1, 8), $3 }
		/^deps_.* := \\$/ { obj = substr($1, 6); next }
		obj != "" && $1 != "" && $1 !~ /^\$\(wildcard/ && $1 != "\\" {
			f = $1
			if (index(f, work) == 1) f = substr(f, length(work) + 1)
			if (f !~ /^\//) print obj, f
		}
		!/\\$/ { obj = "" }
	' | sort -u >"$logs/deps"
	cut -d' ' -f2 "$logs/deps" | sort -u | while IFS= read -r f; do
		if [[ $from/$f -nt $tree/$f || $from/$f -ot $tree/$f ]] ||
			! cmp -s "$from/$f" "$tree/$f"; then
			echo "$f"
		fi
	done >"$logs/changed-files"
	awk 'NR == FNR { changed[$1] = 1; next } $2 in changed' \
		"$logs/changed-files" "$logs/deps"
}

# The patched kernel is the baseline tree plus an incremental rebuild for
# the one file 0003 changes: kbuild compiled the C objects whose recorded
# dependencies changed (the file itself, the version string, what the link
# generates), and nothing else.
t_patched_is_incremental() {
	local b p o compiled objects
	b=$(kdir baseline)
	p=$(kdir patched)
	sed -n 's/^  CC \(\[M\]\)\? *//p' "$p-build.log" | sort -u >"$logs/compiled"
	changed_inputs "$b" "$p" >"$logs/expected-why"
	cut -d' ' -f1 "$logs/expected-why" | sort -u | while IFS= read -r o; do
		[[ ! -e $p/${o%.o}.c ]] || echo "$o"
	done >"$logs/expected"
	echo "files that differ from the baseline's (content or time), and an object depending on each:"
	sort -k2,2 -u "$logs/expected-why" | awk '{ print "  " $2 " (" $1 ")" }'
	compiled=$(wc -l <"$logs/compiled")
	objects=$(find "$p" -name '*.o' | wc -l)
	echo "C files compiled for the patched kernel: $compiled of $objects objects"
	# The objects of the C files that the patches outside the baseline change.
	comm -13 <(kit_series_patches baseline | sort) <(kit_series_patches patched | sort) |
		xargs sed -n 's|^+++ b/\(.*\)\.c$|\1.o|p' >"$logs/patched-objects"
	[[ -s $logs/patched-objects ]] || fail "the patches outside the baseline change no C file"
	while IFS= read -r o; do
		grep -qx "$o" "$logs/compiled" || fail "the patched build did not recompile $o"
	done <"$logs/patched-objects"
	if ! diff -u "$logs/expected" "$logs/compiled" >"$logs/compiled.diff"; then
		cat "$logs/compiled.diff"
		fail "the patched build compiled other objects than those whose inputs changed (- expected, + compiled)"
	fi
}

# symvers_type TREE SYMBOL: the export type recorded by modpost.
symvers_type() {
	awk -F'\t' -v s="$2" '$2 == s { print $4 }' "$1/Module.symvers"
}

t_export_types() {
	local b p s k
	b=$(kdir baseline)
	p=$(kdir patched)
	for s in register_security unregister_security; do
		[[ $(symvers_type "$b" "$s") == EXPORT_SYMBOL ]] || fail "baseline: $s is not EXPORT_SYMBOL"
		[[ $(symvers_type "$p" "$s") == EXPORT_SYMBOL_GPL ]] || fail "patched: $s is not EXPORT_SYMBOL_GPL"
		echo "$s: EXPORT_SYMBOL -> EXPORT_SYMBOL_GPL"
	done
	# The built-in hook lists are exported by neither (issue 30): loadable
	# modules name a hook by its index.
	for k in "$b" "$p"; do
		[[ -z $(symvers_type "$k" security_hook_heads) ]] ||
			fail "$k/Module.symvers exports security_hook_heads"
	done
	echo "security_hook_heads: exported by neither"
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
	# A tree asked for within the last hour is kept, wherever it ranks.
	stand_in "$top/baseline-old6" "50 minutes ago"
	stand_in "$top/baseline-old7" "40 minutes ago"
	stand_in "$top/baseline-old8" "30 minutes ago"
	kernel-patch/build-kernels "$cache" --prune 2>"$logs/prune.err"
	cat "$logs/prune.err"
	[[ -f $top/baseline-old6.ok ]] || fail "a tree asked for 50 minutes ago, fourth, was removed"
	[[ ! -e $top/baseline-old4 && ! -e $top/baseline-old5 ]] || fail "old trees beyond the third were kept"
}

# kernel-patch/series-git: the series checked out as git commits and
# written back unchanged gives the same patches, byte for byte; a commit
# amended changes that patch by the amended line only; a commit that
# kernel-patch/series does not list is refused, and nothing is written.
# In a copy of kernel-patch/, which write-back rewrites.
t_series_git_round_trip() {
	local tmp=$build/tests/series-git p
	rm -rf "$tmp"
	at_exit rm -rf "$tmp"
	mkdir -p "$tmp/copy/scripts"
	cp -a kernel-patch "$tmp/copy/"
	cp -a scripts/lib.sh "$tmp/copy/scripts/"
	"$tmp/copy/kernel-patch/series-git" checkout "$tmp/git"
	[[ $(git -C "$tmp/git" rev-list --count source..baseline) == "$(kit_series_patches baseline | wc -l)" ]] ||
		fail "tag baseline is not after the baseline's patches"
	"$tmp/copy/kernel-patch/series-git" write-back "$tmp/git"
	for p in $(kit_series_patches patched); do
		cmp "$p" "$tmp/copy/kernel-patch/${p##*/}" || fail "${p##*/} changed in a round trip"
	done
	# An edit of the last commit: a line after the exports' block.
	sed -i 's|^EXPORT_SYMBOL_GPL(unregister_security);$|&\n/* series-git test */|' \
		"$tmp/git/security/lsm_loadable.c"
	git -C "$tmp/git" diff --quiet && fail "the test's edit changed nothing"
	git -C "$tmp/git" -c user.name=t -c user.email=t@localhost commit -q -a --amend --no-edit
	"$tmp/copy/kernel-patch/series-git" write-back "$tmp/git"
	p=$(kit_series_patches patched | tail -n 1)
	# Beside the line: the blob names, the diffstat and the hunk's counts.
	normal() {
		sed -e '/^index /d' -e '/^ [0-9]* files\? changed/d' -e '/^ [^ ].* | /d' -e 's/^@@ .*/@@/' "$1"
	}
	diff <(normal "$p") <(normal "$tmp/copy/kernel-patch/${p##*/}") | grep '^[<>]' >"$logs/series-git.diff" || true
	cat "$logs/series-git.diff"
	[[ $(cat "$logs/series-git.diff") == '> +/* series-git test */' ]] ||
		fail "${p##*/} did not change by the amended line alone"
	# A commit the series does not list.
	cp -a "$tmp/copy/kernel-patch" "$tmp/before"
	echo extra >"$tmp/git/extra"
	git -C "$tmp/git" add extra
	git -C "$tmp/git" -c user.name=t -c user.email=t@localhost commit -q -m "extra: not in series"
	if "$tmp/copy/kernel-patch/series-git" write-back "$tmp/git" 2>"$logs/series-git.err"; then
		fail "write-back took a commit that series does not list"
	fi
	cat "$logs/series-git.err"
	# format-patch numbers it after the series' patches.
	expect_grep "$logs/series-git.err" \
		"$(printf '%04d' $(($(kit_series_patches patched | wc -l) + 1)))-extra-not-in-series.patch"
	diff -r "$tmp/before" "$tmp/copy/kernel-patch" || fail "a refused write-back changed the series"
}
