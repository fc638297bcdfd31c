# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# distro: Debian's own kernels, as make demo booted them (make distro):
# build/demo/distro.json, distro-kernels.json and distro-tables/.

kit_group distro "demo" \
	distro_table distro_schema distro_every_kernel distro_as_predicted distro_previous_abi distro_altered \
	distro_third_party distro_package distro_signature distro_probes distro_symbol_get \
	distro_kernels distro_diff distro_kernel_skipped distro_apt_once_a_run distro_build_root \
	distro_loader_messages distro_other_line distro_several_kernels distro_cache_follows_archive

distro_json=$build/demo/distro.json
# The kernel that gets every case (debian-kernels.tsv: proof "full").
full_kernel=$(awk -F'\t' '!/^#/ && $6 == "full" { print $1; exit }' vendor-sdk/debian-kernels.tsv)

# expect_distro FILTER [DESCRIPTION]: FILTER is true of $distro_json.
expect_distro() {
	expect_json "$distro_json" "$@"
}

# load_row NAME [KERNEL]: the jq selector of one load, in KERNEL (the
# full kernel if not given).
load_row() {
	echo ".loads[] | select(.kernel == \"${2:-$full_kernel}\" and .name == \"$1\")"
}

# booted: the ids of the kernels distro.json says were booted.
booted() {
	jq -r '.kernels[] | select(.status == "booted") | .id' "$distro_json"
}

# check_distro_table TABLE HEADERS: a Debian kernel's table holds the
# exports of security/ and kernel/capability.c, from the same source version
# as the kernel, each with the export type of the kernel's own
# Module.symvers (in HEADERS), read here with awk; and exactly those
# exports of the source (grep) that the kernel has.
check_distro_table() {
	local t=$1 headers=$2 src
	jq -c '.kernel, .counts' "$t"
	expect_schema distro-table '.symbols[0].kernels.debian.export = "EXPORT_SYMBOL_FOO"' "$t"
	src=$(debian_source_dir "$(jq -r .kernel.source_package_version "$t")")
	diff <(jq -r '.symbols[] | "\(.symbol)\t\(.file)"' "$t" | sort) \
		<(awk -F'\t' 'NR == FNR { exported[$2] = 1; next } ($1 in exported)' "$headers/Module.symvers" \
			<(cd "$src" && grep -rHoE '^EXPORT_SYMBOL[A-Z_]*\([A-Za-z0-9_]+' --include='*.c' security kernel/capability.c |
				sed -E 's/^(.*):EXPORT_SYMBOL[A-Z_]*\((.*)/\2\t\1/') | sort) ||
		fail "$t: not the exports of $src that $headers/Module.symvers lists"
	expect_json_eq "$t" .kernel.versions_match true \
		"the source package and Debian's kernel package are the same version"
	# Issue 18: at least 130 exports on every kernel Debian ships.
	expect_json "$t" '.counts.all >= 130 and .counts.non_gpl_may_use < .counts.all' \
		"the table is too small, or has no GPL-only export"
	expect_json "$t" 'all(.symbols[]; .file == "kernel/capability.c" or (.file | startswith("security/")))' \
		"every export is defined in security/ or kernel/capability.c"
	expect_json_eq "$t" '.symbols[] | select(.symbol == "register_security")' empty \
		"register_security, which Debian lacks, is not in the table"
	# The 2002 policy: capable() stays open to every module.
	expect_json_eq "$t" '.symbols[] | select(.symbol == "capable") | .kernels.debian.export' '"EXPORT_SYMBOL"' \
		"capable is open to every module on Debian"
	diff <(jq -r '.symbols[] | "\(.symbol)\t\(.kernels.debian.export)"' "$t" | sort) \
		<(awk -F'\t' 'NR == FNR { want[$1] = 1; next } ($2 in want) { print $2 "\t" $4 }' \
			<(jq -r '.symbols[].symbol' "$t") "$headers/Module.symvers" | sort) ||
		fail "$t: an export type differs from the kernel's Module.symvers"
}

# Debian 12's table, the first of the list.
t_distro_table() {
	check_distro_table "$build/demo/distro-tables/bookworm.json" \
		"$(location "$(vendor-sdk/debian-modules "$KIT_CACHE")" headers)"
}

# Every kernel of vendor-sdk/debian-kernels.tsv, in its order, is ready on a
# machine that reaches the archive, and has its table.
t_distro_kernels() {
	local list=$build/demo/distro-kernels.json id
	jq -c '.kernels[] | {id, status, abi, reason}' "$list"
	expect_schema distro-kernels '.kernels[0].status = "ready" | del(.kernels[0].abi)'
	diff <(jq -r '.kernels[].id' "$list") <(awk -F'\t' '!/^#/ && NF { print $1 }' vendor-sdk/debian-kernels.tsv) ||
		fail "distro-kernels.json does not list the kernels of debian-kernels.tsv, in order"
	for id in $(jq -r '.kernels[].id' "$list"); do
		expect_json_eq "$list" ".kernels[] | select(.id == \"$id\") | .status" '"ready"' "$id is ready"
		check_distro_table "$build/demo/distro-tables/$id.json" \
			"$(location "$(jq -r --arg id "$id" '.kernels[] | select(.id == $id) | .locations' "$list")" headers)"
	done
	# The current ABI of each line is that line's (6.1.0-N, 6.12.N+debN).
	expect_json "$list" 'all(.kernels[]; . as $k | $k.abi | startswith($k.line + "."))' \
		"every ABI belongs to its kernel's line"
}

# The diff: every export that is not the same in all ready kernels, and no
# other, recomputed here from the tables with sort and join.
t_distro_diff() {
	local list=$build/demo/distro-kernels.json d=$build/demo/distro-diff.json want id first=1 all
	all=$(mktemp)
	for id in $(jq -r '.kernels[] | select(.status == "ready") | .id' "$list"); do
		jq -r '.symbols[] | "\(.symbol) \(.kernels.debian.export)"' "$build/demo/distro-tables/$id.json" |
			sort >"$all.$id"
		# $all: the rows, symbol and export, of every table so far.
		if ((first)); then
			cp "$all.$id" "$all"
			first=0
		else
			comm -12 "$all" "$all.$id" >"$all.same"
			mv "$all.same" "$all"
		fi
	done
	want=$(cat "$all".* | cut -d' ' -f1 | sort -u | comm -23 - <(cut -d' ' -f1 "$all" | sort -u))
	rm -f "$all" "$all".*
	diff <(printf '%s\n' "$want") <(jq -r '.symbols[].symbol' "$d" | sort) ||
		fail "distro-diff.json's symbols are not those that differ between the tables"
	expect_json "$d" '(.steps | length) == (.kernels | length) - 1' "one step per pair of kernels"
	expect_schema distro-diff '.symbols[0].exports[.kernels[0].id] = "EXPORT_SYMBOL_FOO"'
	cat "$build/demo/distro-diff.md"
}

# A kernel the archive cannot give is skipped, with the reason, and the
# others are still fetched; with none to fetch, the stage fails.
t_distro_kernel_skipped() {
	local out=$build/tests/distro-skipped
	rm -rf "$out"
	mkdir -p "$out"
	{
		grep '^bookworm	' vendor-sdk/debian-kernels.tsv
		printf 'nosuch\t6.1\tnosuch-suite\tlinux-image-amd64\tNo such system\tcore\n'
	} >"$out/kernels.tsv"
	KIT_DEBIAN_KERNELS=$out/kernels.tsv harness/fetch-debian-kernels "$out" ||
		fail "fetch-debian-kernels failed with one kernel it can fetch"
	expect_json_eq "$out/demo/distro-kernels.json" '[.kernels[] | .status]' '["ready","skipped"]' \
		"bookworm ready, nosuch skipped"
	expect_json "$out/demo/distro-kernels.json" '.kernels[1].reason | test("nosuch-suite")' \
		"the reason names the missing suite"
	grep -v '^bookworm	' "$out/kernels.tsv" >"$out/none.tsv"
	! KIT_DEBIAN_KERNELS=$out/none.tsv harness/fetch-debian-kernels "$out" 2>"$out/none.err" ||
		fail "fetch-debian-kernels succeeded with no kernel to fetch"
	grep -q 'no Debian kernel could be fetched' "$out/none.err" || fail "no clear error: $(cat "$out/none.err")"
	# An ABI of another line is refused, in one line naming it.
	! vendor-sdk/debian-modules --kernel trixie "$KIT_CACHE" 6.1.0-57-amd64 2>"$out/abi.err" ||
		fail "debian-modules took a 6.1 ABI for Debian 13's kernel"
	if [[ $(wc -l <"$out/abi.err") != 1 ]] || ! grep -q "6.1.0-57-amd64" "$out/abi.err"; then
		fail "no one-line error naming the ABI: $(cat "$out/abi.err")"
	fi
}

# One make run asks the mirror once per kernel: with KIT_APT_SINCE (make's
# start), lists fetched since then are not fetched again; lists older than
# it are.  update.log is apt-get update's, written only when it runs.
t_distro_apt_once_a_run() {
	local log=$KIT_CACHE/debian/apt/bookworm/update.log since out=$build/tests/apt-once
	mkdir -p "$out"
	since=$(date +%s)
	KIT_APT_SINCE=$since vendor-sdk/debian-apt "$KIT_CACHE" bookworm update || fail "the first update failed"
	[[ -s $log ]] || fail "the first update of the run wrote no $log"
	rm -f "$log"
	KIT_APT_SINCE=$since vendor-sdk/debian-apt "$KIT_CACHE" bookworm update || fail "the second update failed"
	[[ ! -e $log ]] || fail "the lists were fetched twice in one run"
	sleep 1
	KIT_APT_SINCE=$(date +%s) vendor-sdk/debian-apt "$KIT_CACHE" bookworm update || fail "the next run's update failed"
	[[ -s $log ]] || fail "a later run did not fetch the lists again"
	! KIT_APT_SINCE=soon vendor-sdk/debian-apt "$KIT_CACHE" bookworm update 2>"$out/err" ||
		fail "KIT_APT_SINCE=soon was taken"
	if [[ $(wc -l <"$out/err") != 1 ]] || ! grep -q "KIT_APT_SINCE.*'soon'" "$out/err"; then
		fail "no one-line error naming KIT_APT_SINCE: $(cat "$out/err")"
	fi
}

t_distro_schema() {
	expect_schema distro '.loads[0].group = "other"'
}

# Every kernel of the list is in distro.json, in its order: booted, with
# at least 130 exports in its table, or not, and then why; the full kernel
# booted twice, once with signatures enforced.
t_distro_every_kernel() {
	jq -r '.kernels[] | "\(.id): \(.status) \(.release // "") \(.reason // "")"' "$distro_json"
	diff <(jq -r '.kernels[].id' "$distro_json") <(jq -r '.kernels[].id' "$build/demo/distro-kernels.json") ||
		fail "distro.json does not list the kernels of distro-kernels.json, in order"
	expect_distro 'all(.kernels[]; .status == "booted" and .table.all >= 130 or .status == "skipped" and (.reason | length > 0))' \
		"a kernel neither booted with its table nor skipped with a reason"
	expect_distro "[.kernels[] | select(.id == \"$full_kernel\") | .status, (.sig_enforce_guest_verdict != null)]
		== [\"booted\", true]" "$full_kernel booted, also with signatures enforced"
	[[ -n $(booted) ]] || fail "no kernel booted"
	# A kernel fetched but not booted: only for its headers' compiler,
	# which must then differ from this machine's.
	local id tree want
	for id in $(jq -r --slurpfile l "$build/demo/distro-kernels.json" '.kernels[] | select(.status == "skipped")
			| .id as $k | select($l[0].kernels | any(.id == $k and .status == "ready")) | $k' "$distro_json"); do
		tree=$(location "$(jq -r --arg k "$id" '.kernels[] | select(.id == $k) | .locations' \
			"$build/demo/distro-kernels.json")" build)
		want=$(sed -n 's/^CONFIG_GCC_VERSION=//p' "$tree/.config")
		((want / 10000 != $(gcc -dumpversion))) ||
			fail "$id was not booted, yet its headers' gcc $want is this machine's $(gcc -dumpversion)"
		expect_json --arg k "$id" "$distro_json" '.kernels[] | select(.id == $k) | .reason | test("gcc")' \
			"$id: the reason names the compiler"
	done
}

# Every load and every probe: what Debian's kernels did is what export-check
# said it would, outcome, taints and the loader's messages.
t_distro_as_predicted() {
	jq -r '.loads[] | "\(.kernel) \(.name): \(if .loaded then "loaded" else "refused" end); predicted \(.predicted.verdict)"' \
		"$distro_json"
	expect_distro '[.kernels[] | select(.status == "booted")]
		| all(.guest_verdict == "pass" and (.sig_enforce_guest_verdict // "pass") == "pass" and .guest_cpus == 2)' \
		"every Debian guest passed, on two CPUs"
	expect_distro '.loads | all(.observed)' "every load was observed"
	expect_distro '.mismatches == []' "observations differ from export-check: $(jq -c '.mismatches[:3]' "$distro_json")"
}

# Built against the previous ABI's headers: Debian's kernel compares CRCs,
# not the release, and loads it; export-check says so.
t_distro_previous_abi() {
	local prev
	prev=$(jq -r --arg k "$full_kernel" '.kernels[] | select(.id == $k) | .previous_abi // empty' "$distro_json")
	[[ -n $prev ]] || skip "the archive no longer has the previous ABI's headers"
	expect_distro "$(load_row previous) | .loaded and .predicted.loads" \
		"the module built for $prev loads, as predicted"
}

# A changed CRC and changed vermagic flags: refused, at the loader's stage,
# with its message, and export-check says which and why.
t_distro_altered() {
	expect_distro "$(load_row crc) | (.loaded | not)
		and (.kernel_messages | index(\"v4l2loopback: disagrees about version of symbol video_unregister_device\") != null)" \
		"the CRC-altered module was refused for the symbol's version"
	expect_distro "$(load_row vermagic) | (.loaded | not) and (.kernel_messages | map(test(\"version magic\")) | any)
		and .kernel_taint_after == .kernel_taint_before" \
		"the vermagic-altered module was refused before any taint"
	expect_distro "$(load_row vermagic) | .predicted.reasons | map(test(\"built for another kernel: rebuild against this one\")) | any"
}

# Real third-party modules from Debian's archive, built as their dkms.conf
# builds them, load as predicted; the one under a licence that is not
# GPL-compatible taints P.
t_distro_third_party() {
	expect_distro '[.loads[] | select(.group == "third-party")] | length >= 3 and all(.loaded)' \
		"the third-party modules load"
	expect_distro "$(load_row openafs) | .loaded and (.module_taint | index(\"P\") != null)" \
		"openafs, not GPL-compatible, loads and taints P"
}

# A package of two modules: the second refused alone, loaded after the first.
t_distro_package() {
	expect_distro "$(load_row alone) | (.loaded | not) and (.predicted.loads | not)"
	expect_distro "$(load_row pair_provider) | .loaded"
	expect_distro "$(load_row pair_user) | .loaded and .predicted.loads"
}

# module.sig_enforce=1: the unsigned module is refused, before any taint,
# as export-check --sig-enforce said.
t_distro_signature() {
	expect_distro "$(load_row signature) | (.loaded | not) and (.predicted.loads | not)
		and .kernel_taint_after == .kernel_taint_before
		and (.kernel_messages | map(test(\"Loading of unsigned module is rejected\")) | any)"
}

# In every kernel booted, one probe per export of its table and licence
# class; the non-GPL ones refused exactly where the table says GPL-only.
t_distro_probes() {
	local id t
	for id in $(booted); do
		t=$build/demo/distro-tables/$id.json
		jq -c --arg k "$id" '.kernels[] | select(.id == $k) | {id, probes: .probes.summary}' "$distro_json"
		expect_json_eq --slurpfile t "$t" --arg k "$id" "$distro_json" '[.probes[] | select(.kernel == $k)] | length' \
			'$t[0].counts.all * 4' "$id: one probe per export and licence class"
		expect_json_eq --slurpfile t "$t" --arg k "$id" "$distro_json" \
			'($t[0].symbols | map({(.symbol): .kernels.debian.non_gpl_may_use}) | add) as $may
			| [.probes[] | select(.kernel == $k) | select(.class == "proprietary" or .class == "none")
				| select(.loaded != $may[.symbol]) | "\(.symbol) \(.class)"]' '[]' \
			"$id: every non-GPL probe did what the kernel's table says"
		expect_json --arg k "$id" "$distro_json" \
			'[.probes[] | select(.kernel == $k) | select(.class == "gpl" or .class == "dual") | .loaded] | all' \
			"$id: a GPL-compatible probe was refused"
	done
}

# The run-time rule of 6.1.52 ("modules: only allow symbol_get of
# EXPORT_SYMBOL_GPL modules", in Debian's 6.1.52-1 and so in its 6.1.192
# kernel), in Debian's own kernel: __symbol_get() refuses capable, plain
# EXPORT_SYMBOL, to a GPL module, and gives it ktime_get, GPL-only.
# Debian's headers have no kernel/module/main.c: export-check took the
# rule from their version.h.
t_distro_symbol_get() {
	local id
	for id in $(booted); do
		echo "$id:"
		expect_symbol_get_fixture "$distro_json" "$(load_row fx_symbol_get "$id")"
	done
}

# A kernel whose headers want a compiler this machine lacks is built in a
# root of its own suite (harness/build-root): that root has the compiler
# the headers' config names, and running in it leaves nothing mounted.
t_distro_build_root() {
	local list=$build/demo/distro-kernels.json id tree want root got
	for id in $(jq -r '.kernels[] | select(.status == "ready") | .id' "$list"); do
		tree=$(location "$(jq -r --arg k "$id" '.kernels[] | select(.id == $k) | .locations' "$list")" build)
		want=$(($(sed -n 's/^CONFIG_GCC_VERSION=//p' "$tree/.config") / 10000))
		((want != $(gcc -dumpversion))) || continue
		root=$(harness/build-root "$KIT_CACHE" "$id") || fail "no build root for $id"
		got=$(harness/build-root --run "$root" gcc -dumpversion)
		echo "$id: headers want gcc $want; its build root has $got"
		[[ $got == "$want" ]] || fail "$id's build root has gcc $got, its headers want $want"
		! grep -qF " $root/" /proc/self/mountinfo || fail "$root: left mounted"
	done
}

# kernel_source ID: the part of kernel ID's source results/distro-table
# extracted (its loader, its taint flags).
kernel_source() {
	debian_source_dir "$(jq -r '.kernel.source_package_version' "$build/demo/distro-tables/$1.json")"
}

# Every line a Debian kernel's loader printed about a module, by the
# formats of that kernel's own loader (results/loader-formats), was one
# export-check predicted.  The line that differs between the lines: 6.12
# tests taint P before it reads the licence (module_augment_kernel_taints()),
# so a proprietary licence is also said as "module license taints kernel.";
# 6.1 read the licence first and does not say it.  What each kernel printed
# is the expectation; export-check read the rule from that kernel's source.
# And the check sees a line a prediction lacks.
t_distro_loader_messages() {
	local id line="proprietary_capable: module license taints kernel." said predicted seen=
	expect_distro '[.loads[].unpredicted_messages[]] == []' \
		"no line of the loader's went unpredicted"
	for id in $(booted); do
		said=$(jq --arg l "$line" "$(load_row proprietary_capable "$id") | .kernel_messages | index([\$l]) != null" "$distro_json")
		predicted=$(jq --arg l "$line" "$(load_row proprietary_capable "$id") | .predicted.kernel_messages | index([\$l]) != null" "$distro_json")
		echo "$id ($(jq -r '.kernel.line' "$build/demo/distro-tables/$id.json")): the kernel said \"$line\": $said; export-check: $predicted"
		[[ $said == "$predicted" ]] || fail "$id: the kernel said it: $said, export-check predicted it: $predicted"
		seen+=" $said"
	done
	[[ $seen == *true* && $seen == *false* ]] ||
		echo "# only one of the two lines was booted: the difference is not shown"
	id=$(booted | head -n 1)
	[[ $(jq -n -c -L results --slurpfile f <(results/loader-formats "$(kernel_source "$id")") \
		'import "observed" as obs; obs::unpredicted(["m: module license taints kernel.", "m: hello"]; "m"; $f[0]; [])') == \
		'["m: module license taints kernel."]' ]] || fail "the check does not see a loader's line left out of a prediction"
}

# A module built for a kernel of another line is refused, before anything
# is tainted, with the message of this kernel's loader, as the loaders'
# sources say: 6.1 compares module_layout's CRC first (check_modstruct_
# version()); 6.12 first requires .gnu.linkonce.this_module to be the size
# of its struct module (elf_validity_cache_index_mod()), whatever the CRCs.
t_distro_other_line() {
	local id line want n=0
	for id in $(booted); do
		[[ $(jq "[$(load_row other_line "$id")] | length" "$distro_json") == 1 ]] || continue
		line=$(jq -r '.kernel.line' "$build/demo/distro-tables/$id.json")
		case $line in
		6.1) want="proprietary_capable: disagrees about version of symbol module_layout" ;;
		6.12) want="module proprietary_capable: .gnu.linkonce.this_module section size must match the kernel's built struct module size at run time" ;;
		*) fail "$id: no expectation for line $line" ;;
		esac
		jq -r "$(load_row other_line "$id") | \"$id: \(.what): \(.kernel_messages)\"" "$distro_json"
		expect_distro "$(load_row other_line "$id") | (.loaded | not) and .kernel_taint_after == .kernel_taint_before
			and .as_predicted" "$id: refused before any taint, as predicted"
		expect_json_has "$distro_json" "$(load_row other_line "$id") | .kernel_messages" "\"$want\"" \
			"$id: the loader of $line said why"
		n=$((n + 1))
	done
	((n)) || skip "no kernel of another line that this machine's compiler builds for"
}

# export-check --kernel NAME=DIR for every Debian kernel at once, on the
# module each booted kernel was given from another line: each kernel's
# check is the one export-check makes of that kernel alone, the booted
# kernel's verdict is what it did, the exit status the worst (1: refused
# somewhere), and the text names each kernel.
t_distro_several_kernels() {
	local list=$build/demo/distro-kernels.json id k ko args=() json one rc text
	for k in $(jq -r '.kernels[] | select(.status == "ready") | .id' "$list"); do
		args+=(--kernel "$k=$(location "$(jq -r --arg k "$k" '.kernels[] | select(.id == $k) | .locations' "$list")" build)"
			--source "$k=$(kernel_source "$k")")
	done
	((${#args[@]} >= 4)) || skip "fewer than two Debian kernels"
	for id in $(booted); do
		ko=$build/demo/distro/$id/kit/other_line.ko
		[[ -f $ko ]] || continue
		json=$(mktemp)
		at_exit rm -f "$json"
		rc=0
		"$build/bin/export-check" --json "${args[@]}" "$ko" >"$json" || rc=$?
		((rc == 1)) || fail "$id: exit $rc, want 1 (refused in some kernel)"
		results/validate-json results/schemas/export-check-kernels.schema.json "$json"
		jq -r '.kernels[] | "\(.name): \(.check.modules[0].verdict)"' "$json"
		for k in $(jq -r '.kernels[].name' "$json"); do
			one=$(mktemp)
			at_exit rm -f "$one"
			"$build/bin/export-check" --json --kernel "$(jq -r --arg k "$k" \
				'.kernels[] | select(.name == $k) | .check.kernel.tree[0]' "$json")" \
				--source "$(kernel_source "$k")" "$ko" >"$one" || true
			results/validate-json results/schemas/export-check.schema.json "$one" >/dev/null
			expect_json_eq --slurpfile one "$one" --arg k "$k" "$json" \
				'.kernels[] | select(.name == $k) | .check | del(.kernel.tree)' \
				'$one[0] | del(.kernel.tree)' "$k: the check of several kernels is the check of $k alone"
		done
		expect_json_eq --slurpfile d "$distro_json" --arg k "$id" "$json" \
			'.kernels[] | select(.name == $k) | .check.modules[0].loads' \
			"\$d[0] | $(load_row other_line "$id") | .loaded" "$id: the verdict is what $id did"
		text=$("$build/bin/export-check" "${args[@]}" "$ko") || true
		[[ $(grep -c '^kernel [a-z0-9.-]* (' <<<"$text") == $((${#args[@]} / 4)) ]] ||
			fail "the text does not name each kernel once: $text"
	done
}

# Debian's packages are kept in the cache while the archive has the same
# versions: a new upload under the same ABI (the kernel customers now run)
# has them fetched again, never the old ones proven.  On a copy of the
# previous ABI's headers (the smallest root) and of the apt lists: kept
# as they are, then with the stamp saying an older version was unpacked.
t_distro_cache_follows_archive() {
	local cache=$build/tests/archive-cache abi top stamp want
	abi=$(jq -r --arg k "$full_kernel" '.kernels[] | select(.id == $k) | .previous_abi // empty' "$distro_json")
	[[ -n $abi && -f $KIT_CACHE/debian/$abi/unpacked.ok ]] || skip "no previous ABI's headers in the cache"
	rm -rf "$cache"
	mkdir -p "$cache/debian/apt"
	cp -a "$KIT_CACHE/debian/apt/$full_kernel" "$cache/debian/apt/"
	cp -a "$KIT_CACHE/debian/$abi" "$cache/debian/"
	at_exit rm -rf "$cache"
	top=$cache/debian/$abi
	vendor-sdk/debian-modules --kernel "$full_kernel" "$cache" "$abi" >/dev/null 2>"$cache/first.log" ||
		fail "debian-modules failed: $(tail -n 1 "$cache/first.log")"
	stamp=$(cat "$top/unpacked.ok")
	echo "unpacked: $(tr '\n' ' ' <<<"$stamp")"
	# The archive's versions of those packages, as apt itself gives them.
	want=$(sed -n 's/^\(linux-[^=]*\)=.*/\1/p' <<<"$stamp" | while read -r p; do
		echo "$p=$(vendor-sdk/debian-apt "$cache" "$full_kernel" apt-cache policy "$p" | sed -n 's/^ *Candidate: //p')"
	done)
	grep -q "^linux-headers-$abi=" <<<"$want" || fail "the headers of $abi are not among the packages unpacked"
	[[ $(sed 1d <<<"$stamp") == "$(LC_ALL=C sort <<<"$want")" ]] ||
		fail "unpacked.ok does not name the archive's versions: $want"
	rm -f "$top/download.log"
	vendor-sdk/debian-modules --kernel "$full_kernel" "$cache" "$abi" >/dev/null 2>"$cache/same.log" ||
		fail "debian-modules failed: $(tail -n 1 "$cache/same.log")"
	[[ ! -e $top/download.log ]] || fail "the same packages were fetched again"
	# As if the cache had been made before the archive's last upload.
	sed -i 's/^\(linux-headers-[^=]*\)=.*/\1=0.0-0/' "$top/unpacked.ok"
	vendor-sdk/debian-modules --kernel "$full_kernel" "$cache" "$abi" >/dev/null 2>"$cache/newer.log" ||
		fail "debian-modules failed: $(tail -n 1 "$cache/newer.log")"
	grep -q "fetching them again" "$cache/newer.log" || fail "no word of the refetch: $(cat "$cache/newer.log")"
	[[ -s $top/download.log && $(cat "$top/unpacked.ok") == "$stamp" ]] ||
		fail "the packages unpacked are not the archive's: $(cat "$top/unpacked.ok")"
	[[ -f $top/build/amd64/Module.symvers ]] || fail "no build tree after the refetch"
}
