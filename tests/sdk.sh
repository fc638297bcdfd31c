# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# sdk: export-check, the permission table, the compile-time guard.

kit_group sdk "demo" \
	sdk_builds sdk_fixtures_build sdk_unit_tests \
	sdk_agrees_with_guest_examples \
	sdk_bad_input sdk_contract sdk_taint_flags sdk_valgrind sdk_fuzz_short sdk_table sdk_table_from_source \
	sdk_debian_modules \
	sdk_guard sdk_kit_check sdk_man_page sdk_guest_taints_after_refusal \
	sdk_guest_package_order sdk_shim_alone sdk_kit_mk_installed sdk_debian_tree sdk_reads_as_kmod

fixtures=$build/tests/fixtures
asan=$build/bin/export-check-asan
kit_made_by sdk_builds "$asan" sdk_agrees_with_guest_examples sdk_bad_input sdk_contract sdk_debian_tree \
	sdk_guest_package_order sdk_guest_taints_after_refusal sdk_man_page sdk_shim_alone \
	sdk_table_from_source sdk_taint_flags sdk_unit_tests
# The last file sdk_fixtures_build writes.
kit_made_by sdk_fixtures_build "$fixtures/fx_case_gpl/fx_case_gpl.ko.zst" sdk_bad_input sdk_contract \
	sdk_fuzz_short sdk_guest_taints_after_refusal sdk_reads_as_kmod sdk_unit_tests sdk_valgrind

t_sdk_builds() {
	make -s sdk
	make -s -C vendor-sdk WERROR=1 O="$build" "$asan" "$build/bin/test-export-check"
	grep -q '^usage: export-check' <<<"$("$build/bin/export-check" --help)"
	local rc=0
	"$build/bin/export-check" >/dev/null 2>&1 || rc=$?
	((rc == 2)) || fail "no arguments: exit $rc, want 2"
}

t_sdk_fixtures_build() {
	local f
	scripts/build-modules "$(kdir patched)" "$fixtures" vendor-sdk/tests/fixtures/*/
	for f in "$fixtures"/*/built; do
		[[ $(cat "$f") == yes ]] || fail "fixture ${f%/built} did not build"
	done
	(cd "$fixtures/fx_case_gpl" && xz -kf fx_case_gpl.ko && gzip -kf fx_case_gpl.ko &&
		zstd -qf fx_case_gpl.ko)
}

t_sdk_unit_tests() {
	FIXTURES=$fixtures KDIR=$(kdir patched) "$build/bin/test-export-check"
}

# export_check_json KERNEL KO: export-check's JSON verdict for one module.
export_check_json() {
	local rc=0
	"$asan" --json --kernel "$(kdir "$1")" "$2" || rc=$?
	((rc <= 1)) || fail "export-check exit $rc on $2"
}

# The demo's insmod loads of the examples, in both kernels, are what
# export-check predicted, by the guests' own records (sdk_agree).
t_sdk_agrees_with_guest_examples() {
	local k m records pred n
	for k in baseline patched; do
		records=$logs/sdk-records-$k.json
		results/guest-records "$build/demo/$k/channel.log" >"$records"
		n=0
		for m in $(jq -r --arg k "$k" '.loads[] | select(.kind == "insmod" and .kernel == $k) | .module' "$results"); do
			pred=$(export_check_json "$k" "$build/modules/baseline/$m/$m.ko")
			sdk_agree "$k" "$m" "$(jq -c '.modules[0]' <<<"$pred")" "$records"
			n=$((n + 1))
		done
		((n)) || fail "no insmod load of the $k guest in $results"
	done
}

# Bad input: one line on stderr naming the input, exit 2, no crash.
t_sdk_bad_input() {
	local tmp k rc err
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	k=$(kdir patched)
	echo "not a module" >"$tmp/text.ko"
	head -c 1000 "$fixtures/fx_case_gpl/fx_case_gpl.ko" >"$tmp/short.ko"
	head -c "$(($(stat -c %s "$fixtures/fx_case_gpl/fx_case_gpl.ko.xz") / 2))" \
		"$fixtures/fx_case_gpl/fx_case_gpl.ko.xz" >"$tmp/short.ko.xz"
	mkdir "$tmp/empty"
	printf '0x0\tfoo\n' >"$tmp/Module.symvers"
	check_bad() {
		local want=$1
		shift
		rc=0
		err=$("$asan" "$@" 2>&1 >/dev/null) || rc=$?
		echo "$* -> exit $rc: $err"
		((rc == 2)) || fail "exit $rc, want 2, for: $*"
		[[ $(wc -l <<<"$err") == 1 ]] || fail "not one line: $err"
		[[ $err == *"$want"* ]] || fail "'$err' lacks '$want'"
	}
	check_bad "$tmp/text.ko: not an ELF file" --kernel "$k" "$tmp/text.ko"
	check_bad "$tmp/short.ko: " --kernel "$k" "$tmp/short.ko"
	check_bad "$tmp/short.ko.xz: not valid xz data" --kernel "$k" "$tmp/short.ko.xz"
	check_bad "$tmp/missing.ko: no such file" --kernel "$k" "$tmp/missing.ko"
	check_bad "$tmp/empty: no .ko" --kernel "$k" "$tmp/empty"
	check_bad "$tmp/nokernel/Module.symvers: cannot open" --kernel "$tmp/nokernel" \
		--license-h "$k/include/linux/license.h" "$tmp/text.ko"
	check_bad "$tmp/Module.symvers: line 1: not" --symvers "$tmp/Module.symvers" \
		--license-h "$k/include/linux/license.h" "$tmp/text.ko"
	check_bad "with --symvers, name the tree's include/linux/license.h" \
		--symvers "$k/Module.symvers" "$tmp/text.ko"
	check_bad "give exactly one of --kernel and --symvers" "$tmp/text.ko"
	# Several kernels: each named, and a bad one stops the run, named.
	check_bad "$k: not NAME=DIR" --kernel "$k" --kernel "b=$k" "$tmp/text.ko"
	check_bad "kernel b: $tmp/nokernel/Module.symvers: cannot open" \
		--kernel "a=$k" --kernel "b=$tmp/nokernel" "$tmp/text.ko"
	check_bad "--frobnicate: unknown option" --frobnicate
	# The table of a kernel with no objects (headers) needs its source.
	mkdir -p "$tmp/headers/security" "$tmp/source/kernel"
	printf '0x0\tcapable\tvmlinux\tEXPORT_SYMBOL\t\n' >"$tmp/headers/Module.symvers"
	check_bad "$tmp/headers: no object files under security/; for a kernel's headers, give its source with --source" \
		--table "debian=$tmp/headers"
	check_bad "--source other=$tmp/source: not NAME=SRC for a NAME=DIR given" \
		--table --source "other=$tmp/source" "debian=$tmp/headers"
	check_bad "$tmp/source/security: cannot walk it; is $tmp/source a kernel source tree?" \
		--table --source "debian=$tmp/source" "debian=$tmp/headers"
}

# The tool's contract with scripts: --version, the short options, JSON
# that names its layout and conforms to the schema the man page points
# to, and a bad file kept in that JSON, in its place, with its error.
t_sdk_contract() {
	local tmp k version out rc=0 err
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	k=$(kdir patched)
	version=$(sed -n 's/^EXPORT_CHECK_VERSION := //p' vendor-sdk/Makefile)
	[[ -n $version ]] || fail "vendor-sdk/Makefile sets no EXPORT_CHECK_VERSION"
	for out in -V --version; do
		[[ $("$asan" "$out") == "export-check $version" ]] || fail "$out: $("$asan" "$out")"
	done
	echo "not a module" >"$tmp/text.ko"
	"$asan" --json --kernel "$k" "$fixtures/fx_case_gpl/fx_case_gpl.ko" "$tmp/text.ko" \
		"$fixtures/fx_two_licenses/fx_two_licenses.ko" >"$tmp/check.json" 2>"$tmp/err" || rc=$?
	err=$(cat "$tmp/err")
	echo "a module, a text file and a module: exit $rc; stderr: $err"
	((rc == 2)) || fail "exit $rc with a bad file, want 2"
	[[ $err == "export-check: $tmp/text.ko: not an ELF file" ]] || fail "stderr: $err"
	expect_json_eq "$tmp/check.json" '.schema' '"export-check/1"'
	expect_json "$tmp/check.json" "[.modules[].file] == [\"$fixtures/fx_case_gpl/fx_case_gpl.ko\", \"$tmp/text.ko\", \"$fixtures/fx_two_licenses/fx_two_licenses.ko\"]" \
		"the modules, in the order given"
	expect_json "$tmp/check.json" ".modules[1] == {file: \"$tmp/text.ko\", error: \"not an ELF file\"}"
	expect_schema export-check '.modules[0].taints = ["PO"]' "$tmp/check.json"
	expect_schema export-check '.modules[1].loads = true' "$tmp/check.json"
	# The short options say the same as the long ones.
	"$asan" -j -k "$k" "$fixtures" >"$tmp/short.json" || (($? == 1)) || fail "-j -k: exit $?"
	"$asan" --json --kernel "$k" "$fixtures" >"$tmp/long.json" || (($? == 1)) || fail "--json --kernel: exit $?"
	cmp -s "$tmp/short.json" "$tmp/long.json" || fail "-j -k and --json --kernel differ"
	expect_schema export-check 'del(.load_order)' "$tmp/long.json"
	"$asan" -j -s "$k/Module.symvers" -l "$k/include/linux/license.h" "$fixtures" >"$tmp/symvers.json" ||
		(($? == 1)) || fail "-j -s -l: exit $?"
	expect_schema export-check '.kernel.release = 1' "$tmp/symvers.json"
	"$asan" -t -j "patched=$k" >"$tmp/table.json"
	expect_json_eq "$tmp/table.json" '.schema' '"export-check-table/1"'
	expect_schema export-check-table '.symbols[0].kernels.patched.export = "EXPORT_SYMBOL_NS"' "$tmp/table.json"
}

# The taint flags export-check judges with are the kernel's: each bit and
# letter as Documentation/admin-guide/tainted-kernels.rst's table gives
# them (read here, apart from export-check's reading of kernel/panic.c),
# from the kit's tree and from Debian's headers (no kernel/panic.c: the
# built-in 6.1 table).  A kernel/panic.c it cannot read is bad input.
t_sdk_taint_flags() {
	local k want got tmp f rc=0 err
	k=$(kdir patched)
	want=$(awk '/^ *[0-9]+  [A-Z_]\/[A-Z_] +[0-9]+  / { split($2, l, "/"); print $1 "\t" l[2] }' \
		"$k/Documentation/admin-guide/tainted-kernels.rst")
	(($(wc -l <<<"$want") >= 19)) || fail "tainted-kernels.rst: only $(wc -l <<<"$want") flags read"
	got=$("$asan" --taint-flags --kernel "$k" | cut -f1,2)
	[[ $got == "$want" ]] || fail "the kit's tree: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ')"
	sdk_debian
	got=$("$asan" -T -k "$deb_headers" | cut -f1,2)
	[[ $got == "$want" ]] || fail "Debian's headers: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ')"
	echo "$(wc -l <<<"$want") flags, $(cut -f2 <<<"$want" | paste -sd '' -), in both"
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	for f in Module.symvers .config include/generated/utsrelease.h include/linux/license.h \
		include/linux/panic.h Documentation/admin-guide/tainted-kernels.rst; do
		mkdir -p "$tmp/tree/$(dirname "$f")"
		ln -s "$k/$f" "$tmp/tree/$f"
	done
	mkdir -p "$tmp/tree/kernel"
	sed 's/taint_flags\[TAINT_FLAGS_COUNT\]/taint_flag_table[TAINT_FLAGS_COUNT]/' \
		"$k/kernel/panic.c" >"$tmp/tree/kernel/panic.c"
	err=$("$asan" -T -k "$tmp/tree" 2>&1 >/dev/null) || rc=$?
	echo "a kernel/panic.c without taint_flags[]: exit $rc: $err"
	((rc == 2)) || fail "exit $rc, want 2"
	[[ $err == "export-check: kernel: $tmp/tree/kernel/panic.c: no taint_flags[] array" ]] ||
		fail "message: $err"
}

t_sdk_valgrind() {
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
		"$build/bin/export-check" --json --kernel "$(kdir patched)" \
		"$build/modules/baseline" "$fixtures" >/dev/null || [[ $? == 1 ]]
}

t_sdk_fuzz_short() {
	local corpus=$build/tests/fuzz-corpus f
	make -s -C vendor-sdk WERROR=1 O="$build" "$build/bin/fuzz-export-check"
	rm -rf "$corpus"
	mkdir -p "$corpus"
	for f in "$build"/modules/*/*/*.ko "$fixtures"/*/*.ko; do
		cp "$f" "$corpus/$(tr / _ <<<"${f#"$build"/}")"
	done
	KDIR=$(kdir patched) "$build/bin/fuzz-export-check" -runs=200000 -max_len=262144 \
		-artifact_prefix="$build/tests/" "$corpus" 2>&1 | tail -n 3
}

t_sdk_table() {
	local t=$build/demo/table.json s tmp
	# make table needs no network: apt fails, and is not called.
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	spy_commands "$tmp" apt-get apt-cache apt
	PATH=$tmp:$PATH make -s table
	[[ ! -e $tmp/calls ]] || fail "make table ran $(cat "$tmp/calls")"
	for s in register_security unregister_security; do
		expect_json_eq --arg s "$s" "$t" '.symbols[] | select(.symbol == $s)
			| {differs, baseline: .kernels.baseline.non_gpl_may_use, patched: .kernels.patched.non_gpl_may_use,
			   export: .kernels.patched.export}' \
			'{differs: true, baseline: true, patched: false, export: "EXPORT_SYMBOL_GPL"}' \
			"$s shown changing to GPL-only"
	done
	expect_json_eq "$t" '.symbols[] | select(.symbol == "capable") | {differs, patched: .kernels.patched.non_gpl_may_use, file}' \
		'{differs: false, patched: true, file: "kernel/capability.c"}' "capable shown open in both"
	expect_json_eq "$t" '[.symbols[] | select(.differs) | .symbol]' '["register_security", "unregister_security"]' \
		"the registration exports alone differ"
	# Listed with --also, and exported by neither kernel.
	expect_json_eq "$t" '.symbols[] | select(.symbol == "security_hook_heads")
		| {file, kernels: (.kernels | map_values({export, non_gpl_may_use}))}' \
		'{file: "security/security.c", kernels: {baseline: {export: null, non_gpl_may_use: false},
		  patched: {export: null, non_gpl_may_use: false}}}' \
		"security_hook_heads listed as exported by neither kernel"
	expect_json_eq "$t" '[.symbols[] | select(.file | test("^(security/.*|kernel/capability)\\.c$") | not) | .symbol]' \
		'[]' "every symbol from the LSM code"
	[[ $(grep -c '^| `' "$build/demo/table.md") == $(jq '.symbols | length' "$t") ]] ||
		fail "table.md and table.json disagree"
	echo "$(jq '.symbols | length' "$t") symbols; changed: $(jq -r '[.symbols[] | select(.differs) | .symbol] | join(" ")' "$t")"
}

# A kernel without objects, read from its source: the exports are the
# EXPORT_SYMBOL lines (any variant, at the start of a line) of security/
# and kernel/capability.c that Module.symvers lists, with its type,
# namespace and exporter; an export configured out, a comment, a macro's
# body and another directory are not.
t_sdk_table_from_source() {
	local tmp
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	mkdir -p "$tmp/headers" "$tmp/source/security/sub" "$tmp/source/kernel" "$tmp/source/fs"
	printf '0x0\t%s\t%s\t%s\t%s\n' foo vmlinux EXPORT_SYMBOL '' bar vmlinux EXPORT_SYMBOL_GPL '' \
		baz security/sub/m EXPORT_SYMBOL_GPL NS capable vmlinux EXPORT_SYMBOL '' \
		in_fs vmlinux EXPORT_SYMBOL '' commented vmlinux EXPORT_SYMBOL '' >"$tmp/headers/Module.symvers"
	cat >"$tmp/source/security/sub/a.c" <<-'EOF_C'
		EXPORT_SYMBOL(foo);
		EXPORT_SYMBOL_GPL( bar );
		EXPORT_SYMBOL_NS_GPL(baz, NS);
		EXPORT_SYMBOL(configured_out);
		/* EXPORT_SYMBOL(commented) */
		#define EXPORT_IT EXPORT_SYMBOL(commented)
	EOF_C
	echo 'EXPORT_SYMBOL(capable);' >"$tmp/source/kernel/capability.c"
	echo 'EXPORT_SYMBOL(in_fs);' >"$tmp/source/fs/b.c"
	"$asan" --table --json --source "debian=$tmp/source" "debian=$tmp/headers" >"$tmp/table.json" ||
		fail "export-check --table --source failed"
	expect_json_eq "$tmp/table.json" '[.symbols[] | [.symbol, .file] + (.kernels.debian | [.export, .namespace, .module])]' \
		'[["capable", "kernel/capability.c", "EXPORT_SYMBOL", null, "vmlinux"],
		  ["bar", "security/sub/a.c", "EXPORT_SYMBOL_GPL", null, "vmlinux"],
		  ["baz", "security/sub/a.c", "EXPORT_SYMBOL_GPL", "NS", "security/sub/m"],
		  ["foo", "security/sub/a.c", "EXPORT_SYMBOL", null, "vmlinux"]]' \
		"the listed exports of security/ and kernel/capability.c, by file and name"
	expect_schema export-check-table '.symbols[0].kernels.debian.module = ""' "$tmp/table.json"
}

# Every module of Debian's own 6.1 kernel, against that kernel's headers,
# as make demo checked them (results/check-debian): Debian's kernel loads
# them all, so any "refused" is export-check's error.
t_sdk_debian_modules() {
	local json=$build/demo/debian-modules.json n_files
	sdk_debian
	n_files=$(find "$deb_modules" -name '*.ko*' | wc -l)
	expect_json_eq "$json" ".abi" "\"$deb_abi\"" "checked against Debian's current ABI"
	jq -r '"linux-image-\(.abi): \(.modules | length) modules; "
		+ ([.modules[].verdict] | group_by(.) | map("\(.[0]): \(length)") | join(", "))' "$json"
	((n_files > 3000)) || fail "only $n_files modules in the package"
	expect_json_eq --argjson n "$n_files" "$json" '.modules | length' '$n' "every module of the package checked"
	expect_json_eq "$json" '[.modules[] | select(.loads | not) | .file] | .[:5]' '[]' "no false refusal"
}

# export-check reads a module as kmod and binutils do, readers of their
# own: for every twentieth of Debian's modules (by path) and the fixtures, its
# name, first licence, depends= and signature are modinfo's, it has
# symbol versions where modprobe --dump-modversions finds them, and its
# imports are nm -u's.  (libkmod reads the same: export-check does not use
# it, since it needs each module's bytes for libelf, which libkmod keeps
# to itself; vendor-sdk/README.md.)
t_sdk_reads_as_kmod() {
	local -a mods
	local m json
	sdk_debian
	mapfile -t mods < <(find "$deb_modules" -name '*.ko' | sort | awk 'NR % 20 == 1')
	((${#mods[@]} > 150)) || fail "only ${#mods[@]} of Debian's modules found"
	mods+=("$fixtures"/*/*.ko)
	json=$("$build/bin/export-check" --json --kernel "$deb_headers" "${mods[@]}") || [[ $? == 1 ]] ||
		fail "export-check failed"
	jq -r '.modules[] | [.file, .name, .license // "", (.depends | join(",")), .signed, .symbol_versions,
		(.symbols | map(.name) | unique | join(" "))] | @tsv' <<<"$json" | LC_ALL=C sort >"$logs/reads-as-export-check.tsv"
	for m in "${mods[@]}"; do
		modinfo "$m" | awk -v f="$m" '
			/^(name|license|depends|signer):/ && !seen[$1]++ {
				v = $0; sub(/^[a-z]+:[ \t]*/, "", v); sub(/[ \t]+$/, "", v); val[$1] = v
			}
			END { printf "%s\t%s\t%s\t%s\t%s", f, val["name:"], val["license:"], val["depends:"],
				val["signer:"] != "" ? "true" : "false" }'
		# Not "| grep -q": under pipefail, grep's early exit can kill
		# modprobe with SIGPIPE mid-output, and a module with versions
		# read as one without (tipc.ko, once, in a full run).
		if [[ -n $(modprobe --dump-modversions "$m" 2>/dev/null) ]]; then printf '\ttrue'; else printf '\tfalse'; fi
		printf '\t%s\n' "$(nm -u "$m" | awk '{ print $2 }' | LC_ALL=C sort -u | paste -sd ' ')"
	done | LC_ALL=C sort >"$logs/reads-as-kmod.tsv"
	echo "${#mods[@]} modules compared"
	if ! diff "$logs/reads-as-kmod.tsv" "$logs/reads-as-export-check.tsv" >"$logs/reads-as.diff"; then
		head -n 20 "$logs/reads-as.diff" >&2
		fail "export-check reads a module otherwise than modinfo, modprobe and nm (< theirs, > export-check's)"
	fi
}

# sdk_build KERNEL MODULE LICENCE: build an example module with the SDK's
# kit.mk against KERNEL; prints the build log's path, fails if the build's
# outcome is not $4 (ok or fail).
sdk_build() {
	local dir=$build/tests/sdk-build/$1/$2 rc=0
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -L "example-modules/$2"/*.c "$dir/"
	{
		echo "KIT_MODULE_LICENSE := $3"
		echo "KIT_EXPORT_CHECK := $build/bin/export-check"
		echo "include $top/vendor-sdk/kbuild/kit.mk"
		sed -n '/^obj-m\|^[a-z_]*-y/p' "example-modules/$2/Kbuild"
	} >"$dir/Kbuild"
	make -C "$(kdir "$1")" M="$dir" modules >"$dir/build.log" 2>&1 || rc=$?
	echo "$1 $2 ($3) with the SDK: exit $rc" >&2
	if [[ $4 == ok ]]; then
		if ((rc != 0)) || [[ ! -f $dir/$2.ko ]]; then
			fail "$2 did not build with the SDK against $1: $(grep error "$dir/build.log" | head -n 3)"
		fi
	else
		((rc != 0)) || fail "$2 built with the SDK against $1"
	fi
	echo "$dir/build.log"
}

t_sdk_guard() {
	local log line msg
	log=$(sdk_build patched proprietary_lsm Proprietary fail)
	line=$(grep -n 'ret = register_security(' example-modules/mkdir_deny/mkdir_deny.c | cut -d: -f1)
	msg="register_security is EXPORT_SYMBOL_GPL in this kernel, and this module's licence, \"Proprietary\", is not GPL-compatible"
	grep -qF "$msg" <<<"$(grep "mkdir_deny.c:$line:[0-9]*: error: " "$log")" ||
		fail "no error at mkdir_deny.c:$line naming register_security: $(grep error "$log" | head -n 3)"
	grep "mkdir_deny.c:$line:" "$log"
	sdk_build baseline proprietary_lsm Proprietary ok >/dev/null
	sdk_build patched gpl_lsm GPL ok >/dev/null
	sdk_build patched dual_lsm "Dual BSD/GPL" ok >/dev/null
	sdk_build patched proprietary_capable Proprietary ok >/dev/null
	grep -q 'KIT_GPL_COMPATIBLE=0' "$build/tests/sdk-build/patched/proprietary_capable/.license.o.cmd" \
		"$build/tests/sdk-build/patched/proprietary_capable/.proprietary_capable.o.cmd" 2>/dev/null ||
		fail "kit.mk did not pass KIT_GPL_COMPATIBLE=0"
}

# kit.mk's kit-check target, from a vendor's own make.
t_sdk_kit_check() {
	local dir=$build/tests/sdk-build/patched/gpl_lsm out
	[[ -f $dir/gpl_lsm.ko ]] || sdk_build patched gpl_lsm GPL ok >/dev/null
	out=$(make -s -C "$dir" -f "$top/vendor-sdk/kbuild/kit.mk" kit-check \
		KDIR="$(kdir patched)" KIT_EXPORT_CHECK="$build/bin/export-check")
	echo "$out"
	grep -q 'gpl_lsm.ko: loads, taints O E$' <<<"$out" || fail "kit-check did not judge gpl_lsm.ko"
}

t_sdk_man_page() {
	local warnings
	rm -f "$build/man/export-check.1"
	warnings=$(make -s man 2>&1 | grep -i warn || true)
	[[ -z $warnings ]] || fail "pandoc: $warnings"
	grep -q '^\.SH EXIT STATUS' "$build/man/export-check.1" || fail "no EXIT STATUS section"
}

# ---- what the kernels do with export-check's predictions ----------------

# sdk_predict JSON_FILE FILE: the module FILE's object in export-check's JSON.
sdk_predict() {
	jq -c --arg f "$2" '.modules[] | select(.file == $f)' "$1"
}
# Each kernel's taint flags and loader formats, read once a test.
declare -A sdk_taint_flags sdk_loader_formats
# sdk_agree KERNEL NAME PREDICTION RECORDS: the guest's records (the file
# RECORDS, results/guest-records) of the load attempt NAME in KERNEL
# against export-check's PREDICTION, by the kit's one comparison
# (results/observed.jq check; cases_check_sees_differences shows it tells
# a changed record): loads or not, the module's taints, the kernel's
# taints after, the loader's lines.
sdk_agree() {
	local kernel=$1 name=$2 pred=$3 records=$4 tree checked
	if [[ -z ${sdk_taint_flags[$kernel]:-} ]]; then
		tree=$(kdir "$kernel")
		sdk_taint_flags[$kernel]=$("$asan" --taint-flags --kernel "$tree")
		sdk_loader_formats[$kernel]=$(results/loader-formats "$tree")
	fi
	checked=$(jq -n -c -L results --arg n "$name" --argjson p "$pred" --slurpfile r "$records" \
		--arg flags "${sdk_taint_flags[$kernel]}" --argjson f "${sdk_loader_formats[$kernel]}" \
		'import "observed" as obs; obs::check($r[0][$n] // {}; $p; obs::taint_letters_of($flags); $f)')
	echo "$kernel $name: export-check $(jq -r .verdict <<<"$pred"), the load exited $(jq -r .insmod_exit <<<"$checked")"
	echo "# $(jq -c '{loaded, module_taint, kernel_taint_after, missing_messages, unpredicted_messages}' <<<"$checked")"
	expect_json_eq - .as_predicted true "$kernel $name as export-check predicted" <<<"$checked"
}

# sdk_debian: set deb_abi, deb_headers (as installed), deb_headers_link
# (through lib/modules/ABI/build) and deb_modules, where Debian's current
# 6.1 kernel packages are, unpacked by vendor-sdk/debian-modules (nothing
# installed), as its locations.json says.
sdk_debian() {
	local locations
	locations=$(vendor-sdk/debian-modules "$KIT_CACHE") || fail "cannot fetch Debian's kernel packages"
	deb_abi=$(location "$locations" abi)
	deb_headers=$(location "$locations" headers)
	deb_headers_link=$(location "$locations" headers_link)
	deb_modules=$(location "$locations" modules)
}

# Needs: the kit's patched kernel and a guest boot (QEMU), the fixtures
# (t_sdk_fixtures_build).  A refused load leaves the taints of the stages
# before the refusal: a copy of fx_case_gpl with another vermagic none,
# fx_ns_missing O, driverloader P and O; then fx_test_module loads, N new
# to the kernel, which says so; each boot-time kernel taint after
# the attempt must be the union of the one before and export-check's
# kernel_taints.
t_sdk_guest_taints_after_refusal() {
	local out=$build/tests/sdk-taints json c
	rm -rf "$out"
	mkdir -p "$out/kit"
	cp "$fixtures/fx_case_gpl/fx_case_gpl.ko" "$out/kit/magic.ko"
	perl -0777 -pi -e 's/(vermagic=[^\0 ]*)lsmkit /${1}lsmkiT /' "$out/kit/magic.ko"
	cmp -s "$fixtures/fx_case_gpl/fx_case_gpl.ko" "$out/kit/magic.ko" && fail "vermagic not changed"
	cp "$fixtures/fx_ns_missing/fx_ns_missing.ko" "$fixtures/driverloader/driverloader.ko" \
		"$fixtures/fx_test_module/fx_test_module.ko" "$out/kit/"
	printf '%s\t%s.ko\t%s\n' magic magic fx_case_gpl fx_ns_missing fx_ns_missing fx_ns_missing \
		driverloader driverloader driverloader fx_test_module fx_test_module fx_test_module \
		>"$out/kit/load-plan.tsv"
	json=$out/predicted.json
	"$asan" --json --kernel "$(kdir patched)" "$out"/kit/*.ko >"$json" || [[ $? == 1 ]] || fail "export-check failed"
	expect_json "$json" '[.modules[] | select(.loads) | .name] == ["fx_test_module"]' \
		"export-check predicts a load of the refused ones"
	guest patched "$out" harness/guest/load-list.sh --timeout 120 "$out"/kit/* >"$out/records.json"
	for c in magic fx_ns_missing driverloader fx_test_module; do
		sdk_agree patched "$c" "$(sdk_predict "$json" "$out/kit/$c.ko")" "$out/records.json"
	done
	expect_json_eq "$out/records.json" .magic.taint_after '"0"' "a vermagic refusal did not taint the kernel"
}
# Needs: the kit's patched kernel and a guest boot, the cases
# (make cases: $build/modules/cases).  Checked alone, proprietary_via_shim
# is refused for want of gpl_shim, as the kernel refuses it loaded first;
# given together, export-check's load_order is an order in which every
# module does what export-check predicts.
t_sdk_guest_package_order() {
	local cdir=$build/modules/cases out=$build/tests/sdk-order rec alone json m i=0
	[[ -f $cdir/gpl_shim/gpl_shim.ko ]] || fail "no cases: run make cases (or make demo) first"
	rm -rf "$out"
	mkdir -p "$out/kit"
	cp "$cdir"/{gpl_shim,proprietary_via_shim,prop_exporter,gpl_importer}/*.ko "$out/kit/"
	alone=$("$asan" --json --kernel "$(kdir patched)" "$out/kit/proprietary_via_shim.ko") && fail "loads alone"
	expect_json_eq - '.modules[0].reasons | length' 1 "one reason" <<<"$alone"
	expect_json_match - '.modules[0].reasons' '"depends on gpl_shim \\(depends=\\)"' \
		"the reason is the missing provider" <<<"$alone"
	json=$("$asan" --json --kernel "$(kdir patched)" "$out/kit") || [[ $? == 1 ]] || fail "export-check failed"
	{
		printf 'alone\tproprietary_via_shim.ko\tproprietary_via_shim\talone\n'
		while read -r m; do printf '%s\t%s.ko\t%s\n' "$m" "$m" "$m"; done < <(jq -r '.load_order[]' <<<"$json")
	} >"$out/kit/load-plan.tsv"
	# Loaded in order, each stays for the next (but the failed first try).
	touch "$out/kit/keep"
	rec=$(guest patched "$out" harness/guest/load-list.sh --timeout 120 "$out"/kit/*)
	expect_json - '.alone.insmod_exit != "0"' "the kernel refused proprietary_via_shim without gpl_shim" <<<"$rec"
	expect_json_has - .alone.messages '"proprietary_via_shim: Unknown symbol shim_register_security (err -2)"' \
		"the kernel said why" <<<"$rec"
	while read -r m; do
		i=$((i + 1))
		[[ $(jq -r --arg m "$m" '.modules[] | select(.name == $m) | .loads' <<<"$json") == \
			"$(jq -r --arg m "$m" '.[$m].insmod_exit == "0"' <<<"$rec")" ]] ||
			fail "$m (number $i in the load order): not as predicted"
	done < <(jq -r '.load_order[]' <<<"$json")
}
# Needs: the kit's kernels (to build against) and the cases
# (make cases).  No guest.  The shim warning fires on gpl_shim alone on
# the patched kernel, where register_security is GPL-only, and not on the
# baseline, where it is not; never on an in-tree module (t_sdk_debian_tree).
t_sdk_shim_alone() {
	local cdir=$build/modules/cases json
	[[ -f $cdir/gpl_shim/gpl_shim.ko ]] || fail "no cases: run make cases (or make demo) first"
	json=$("$asan" --json --kernel "$(kdir patched)" "$cdir/gpl_shim/gpl_shim.ko") || fail "gpl_shim refused"
	expect_json_match - '.modules[0].warnings' '"GPL shim.*shim_register_security -> register_security"' \
		"a shim warning on the patched kernel" <<<"$json"
	json=$("$asan" --json --kernel "$(kdir baseline)" "$cdir/gpl_shim/gpl_shim.ko") || fail "gpl_shim refused"
	expect_json_eq - '.modules[0].warnings' '[]' "no shim warning on the baseline kernel" <<<"$json"
}
# Needs: the kit's kernels (make install builds the tool and the man pages;
# the module is built against the patched kernel).  "make install
# PREFIX=..." gives a kit.mk that uses its own prefix's export-check with
# no export-check on PATH; a kit.mk with no tool anywhere stops with one
# line that names KIT_EXPORT_CHECK.
t_sdk_kit_mk_installed() {
	local tmp prefix mod log
	tmp=$(mktemp -d)
	at_exit rm -rf "$tmp"
	prefix=$tmp/opt/kit
	make -s install PREFIX="$prefix" >/dev/null
	[[ -x $prefix/bin/export-check && -f $prefix/share/lsm-export-kit/kbuild/kit.mk ]] ||
		fail "make install did not install export-check and kit.mk under $prefix"
	mod=$tmp/mod
	mkdir -p "$mod"
	cp -L example-modules/proprietary_capable/*.c "$mod/"
	{
		echo "KIT_MODULE_LICENSE := Proprietary"
		echo "include $prefix/share/lsm-export-kit/kbuild/kit.mk"
		sed -n '/^obj-m\|^[a-z_]*-y/p' example-modules/proprietary_capable/Kbuild
	} >"$mod/Kbuild"
	env PATH=/usr/bin:/bin make -C "$(kdir patched)" M="$mod" modules >"$tmp/build.log" 2>&1 ||
		fail "build with the installed kit.mk failed: $(grep -m 3 -i error "$tmp/build.log")"
	grep -q 'KIT_GPL_COMPATIBLE=0' "$mod"/.*.o.cmd || fail "kit.mk did not pass KIT_GPL_COMPATIBLE=0"
	grep -q 'proprietary_capable.ko: loads, taints P O E$' <<<"$(env PATH=/usr/bin:/bin make -s -C "$mod" \
		-f "$prefix/share/lsm-export-kit/kbuild/kit.mk" kit-check KDIR="$(kdir patched)")" ||
		fail "kit-check with the installed kit.mk did not judge the module"
	mkdir -p "$tmp/lone"
	cp "$prefix/share/lsm-export-kit/kbuild/kit.mk" "$tmp/lone/"
	log=$(env PATH=/usr/bin:/bin make -s -C "$mod" -f "$tmp/lone/kit.mk" kit-check KDIR="$(kdir patched)" 2>&1) &&
		fail "kit-check ran with no export-check anywhere"
	[[ $(wc -l <<<"$log") == 1 && $log == *"export-check not found"*"KIT_EXPORT_CHECK"* ]] ||
		fail "not one line naming KIT_EXPORT_CHECK: $log"
	[[ $log != *"/bin/sh"* ]] || fail "the shell's error came through: $log"
}

# Needs: Debian's kernel packages.  The whole tree (4023 modules) against
# Debian's headers given as installed (the -amd64 directory alone, and the
# /lib/modules/ABI/build link, both unpacked elsewhere): none refused, no
# GPL-shim warning, license.h found in the -common part.  The first run is
# the ASan build's, over 4,000 real modules.
t_sdk_debian_tree() {
	local json=$build/tests/sdk-debian-tree.json start secs dir tool=$asan
	sdk_debian
	for dir in "$deb_headers" "$deb_headers_link"; do
		start=$EPOCHREALTIME
		"$tool" --json --kernel "$dir" "$deb_modules" >"$json" ||
			fail "${tool##*/} refused some of Debian's modules (or failed) with --kernel $dir"
		secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
		# The time is for people; bench/export-check measures it against its target.
		echo "--kernel $dir (${tool##*/}): $(jq '.modules | length' "$json") modules in ${secs}s"
		tool=$build/bin/export-check
	done
	expect_json "$json" '.modules | length > 3000' "more than 3000 modules checked"
	expect_json_eq "$json" '[.modules[] | select(.warnings | map(test("GPL shim")) | any) | .file]' '[]' \
		"no GPL-shim warning on Debian's own modules"
	expect_json_match "$json" '[.kernel.license_h]' '"-common/include/linux/license.h$"' \
		"license.h taken from the -common headers"
}
