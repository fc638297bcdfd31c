# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# shellcheck disable=SC2154
#
# lint: shellcheck, reuse, checkpatch on the series, the modules and
# export-check's sources, the series applying and adding no warning.

kit_group lint "kernels" \
	shellcheck reuse_lint tests_say_what_they_found checkpatch_series checkpatch_modules checkpatch_export_check \
	series_applies series_adds_no_warnings series_docs_build
kit_needs_no_kernel shellcheck reuse_lint tests_say_what_they_found

t_shellcheck() {
	mapfile -t files < <(shell_scripts)
	((${#files[@]} > 10)) || fail "found only ${#files[@]} shell scripts"
	shellcheck "${files[@]}"
	echo "shellcheck clean: ${#files[@]} scripts"
}

# A test checks JSON with the expect_json family (tests/lib.sh), which
# prints what it found when the check fails, not with a bare jq -e.
t_tests_say_what_they_found() {
	local bare
	bare=$(grep -nE '^[^#]*\bjq( +-[-a-zA-Z]+)* +(-[a-df-z]*e[a-z]*|--exit-status)\b' tests/*.sh |
		grep -v '^tests/lib\.sh:') || true
	[[ -z $bare ]] || fail "JSON checked without the expect_json family: $bare"
}

t_reuse_lint() {
	reuse lint
}

t_checkpatch_series() {
	local tree p out
	tree=$(kdir baseline)
	while IFS= read -r p; do
		# From the top of the kernel tree, as a patch; and from this tree,
		# where checkpatch reads a git-tracked file as source, not as a patch.
		out=$(cd "$tree" && scripts/checkpatch.pl --strict "$p" 2>&1) || true
		out2=$("$tree/scripts/checkpatch.pl" --strict "${p#"$top"/}" 2>&1) || true
		echo "$p: $(grep '^total:' <<<"$out") / $(grep '^total:' <<<"$out2")"
		grep -q '^total: 0 errors, 0 warnings, 0 checks' <<<"$out" ||
			fail "checkpatch --strict is not clean for $p: $out"
		grep -q '^total: 0 errors, 0 warnings, 0 checks' <<<"$out2" ||
			fail "checkpatch --strict on the tracked file is not clean for $p: $out2"
		grep -q '^Signed-off-by: ' "$p" || fail "$p has no Signed-off-by"
	done < <(kit_series_patches patched)
}

# Module sources: checkpatch --strict, 0/0/0.  Some examples and fixtures
# declare, on purpose, a licence string checkpatch does not know; for those
# alone its MODULE_LICENSE check is ignored.
t_checkpatch_modules() {
	local tree f ignore out n=0
	tree=$(kdir baseline)
	while IFS= read -r f; do
		ignore=()
		grep -qE 'MODULE_LICENSE\("(Proprietary|gpl|GPL\\0[^"]*)"\)' "$f" &&
			ignore=(--ignore MODULE_LICENSE)
		out=$("$tree/scripts/checkpatch.pl" --strict --no-tree "${ignore[@]}" -f "$f" 2>&1) || true
		echo "$f: $(grep '^total:' <<<"$out")"
		grep -q '^total: 0 errors, 0 warnings, 0 checks' <<<"$out" ||
			fail "checkpatch --strict is not clean for $f: $out"
		n=$((n + 1))
	done < <(git ls-files 'example-modules/*.c' 'tests/modules/*.c' 'bench/modules/*.c' 'vendor-sdk/tests/fixtures/*.c' |
		while read -r f; do [[ -L $f ]] || echo "$f"; done)
	((n >= 12)) || fail "only $n module sources checked"
}

# The series applies to a fresh copy of the files it touches, no fuzz.
t_series_applies() {
	local tmp files p
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	mapfile -t files < <(series_files)
	tar -xf /usr/src/linux-source-6.1.tar.xz -C "$tmp" "${files[@]/#/linux-source-6.1/}"
	while IFS= read -r p; do
		patch -d "$tmp/linux-source-6.1" -p1 --fuzz=0 --forward --dry-run <"$p" ||
			fail "${p##*/} does not apply with --fuzz=0"
		patch -d "$tmp/linux-source-6.1" -p1 --fuzz=0 --forward -s <"$p"
		echo "${p##*/} applies"
	done < <(kit_series_patches patched)
}

# W=1, which runs kernel-doc too, and sparse (C=2) report nothing in the
# series' C files that they do not report on the same files without it:
# both builds in one copy of the patched tree, the second with the touched
# files put back as the tarball has them.  A C file the series adds has
# no warning at all.
t_series_adds_no_warnings() {
	local tree=$build/tests/warnings files objs new_objs
	rm -rf "$tree"
	cp -a "$(kdir patched)" "$tree"
	at_exit rm -rf "$tree"
	mapfile -t files < <(series_files)
	mapfile -t objs < <(printf '%s\n' "${files[@]}" | sed -n 's/\.c$/.o/p')
	((${#objs[@]})) || fail "the series touches no C file"
	mapfile -t new_objs < <(series_files --new | sed -n 's/\.c$/.o/p')
	# Warnings without their line numbers, which the series moves.
	warnings() {
		make -s -C "$tree" W=1 C=2 "$@" 2>&1 | grep -E '(warning|error):' |
			sed -E "s|^$tree/||; s/:[0-9]+(:[0-9]+)?:/:/" | sort -u
	}
	warnings "${objs[@]}" "${new_objs[@]}" >"$logs/warnings-patched"
	tar -xf /usr/src/linux-source-6.1.tar.xz -C "$tree" --strip-components=1 --touch \
		"${files[@]/#/linux-source-6.1/}"
	warnings "${objs[@]}" >"$logs/warnings-pristine"
	no_new_warnings warnings "W=1 or sparse, ${objs[*]} ${new_objs[*]}"
}

# no_new_warnings NAME WHAT: fail if $logs/NAME-patched, the sorted
# warnings of a build with the series, has one that $logs/NAME-pristine,
# the same build without it, has not.
no_new_warnings() {
	local new
	echo "$2: $(wc -l <"$logs/$1-pristine") warnings without the series," \
		"$(wc -l <"$logs/$1-patched") with it"
	cat "$logs/$1-patched"
	new=$(comm -23 "$logs/$1-patched" "$logs/$1-pristine")
	[[ -z $new ]] || fail "new warnings ($2): $new"
}

# The kernel's docs build of Documentation/security (sphinx-build as
# Documentation/Makefile runs it for SPHINXDIRS=security) gives no warning
# with the series that it does not give without: the tarball's files, then
# the same with the series applied.  The series' page is built, with the
# kernel-doc of both functions; and scripts/get_abi.pl, as "make htmldocs"
# runs it, reads the ABI entry of /sys/kernel/security/lsm_loadable with
# no new warning.
t_series_docs_build() {
	local tree=$build/tests/docs src p
	rm -rf "$tree"
	mkdir -p "$tree"
	at_exit rm -rf "$tree"
	tar -xf /usr/src/linux-source-6.1.tar.xz -C "$tree" \
		linux-source-6.1/{Documentation,scripts,include,security,MAINTAINERS,drivers/char/tpm,drivers/base/devtmpfs.c}
	src=$tree/linux-source-6.1
	# Warnings without the tree's path and line numbers, which the series moves.
	docs() {
		rm -rf "$tree/html"
		PYTHONDONTWRITEBYTECODE=1 srctree=$src sphinx-build -q -b html -c "$src/Documentation" \
			-d "$tree/html/.doctrees" -D kerneldoc_srctree="$src" \
			-D kerneldoc_bin="$src/scripts/kernel-doc" "$src/Documentation/security" "$tree/html" 2>&1 |
			grep -iE 'warning|error' | sed -E "s|$src/||g; s/:[0-9]+:/:/" | sort -u
	}
	abi() {
		perl "$src/scripts/get_abi.pl" validate --dir "$src/Documentation/ABI" 2>&1 |
			sed -E 's/#[0-9]+:/:/' | sort -u
	}
	docs >"$logs/docs-pristine"
	abi >"$logs/abi-pristine"
	while IFS= read -r p; do
		patch -d "$src" -p1 -s --fuzz=0 <"$p" || fail "${p##*/} does not apply"
	done < <(kit_series_patches patched)
	docs >"$logs/docs-patched"
	abi >"$logs/abi-patched"
	no_new_warnings docs "the docs build of Documentation/security"
	no_new_warnings abi "get_abi.pl validate of Documentation/ABI"
	perl "$src/scripts/get_abi.pl" search '^/sys/kernel/security/lsm_loadable$' \
		--dir "$src/Documentation/ABI" | grep -q 'Defined on file(s):.*securityfs-lsm_loadable' ||
		fail "get_abi.pl finds no entry of /sys/kernel/security/lsm_loadable"
	[[ -f $tree/html/lsm-loadable.html ]] || fail "no lsm-loadable page"
	for p in register_security unregister_security; do
		grep -q "id=\"c\.$p\"" "$tree/html/lsm-loadable.html" || fail "no kernel-doc of $p on the page"
	done
}

# Needs: the kit's kernel tree (its scripts/checkpatch.pl).  Every .c and .h
# of export-check: 0 errors, 0 warnings with --strict.
t_checkpatch_export_check() {
	local f out bad=0 tmp
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	for f in vendor-sdk/export-check/*.[ch]; do
		# From a scratch directory: checkpatch leaves a cache file where it runs.
		# Userspace C11: the libraries' names (GElf_Sym, ZSTD_*, PRIx64) are
		# not ours to rename, and uint32_t is the type C11 has.
		out=$(cd "$tmp" && { "$(kdir patched)/scripts/checkpatch.pl" --no-tree --strict \
			--ignore CAMELCASE,PREFER_KERNEL_TYPES -f "$top/$f" 2>/dev/null || true; } | grep '^total:')
		echo "$f: $out"
		[[ $out == "total: 0 errors, 0 warnings, 0 checks,"* ]] || bad=1
	done
	((bad == 0)) || fail "checkpatch --strict reports errors, warnings or checks"
}
