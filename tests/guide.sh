# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by tests/run, after tests/lib.sh (top, build, logs, results...).
# A $ in a single-quoted jq expression (SC2016) is jq's.
# shellcheck disable=SC2154,SC2016
#
# guide: the vendor guide, rendered from the last run.

kit_group guide "demo sdk cases distro" \
	guide_renders guide_tables_current guide_links_resolve \
	guide_commands_exist guide_in_browser

guide=$build/guide/index.html

t_guide_renders() {
	rm -f "$guide"
	make -s guide
	[[ -s $guide ]] || fail "no $guide"
	[[ ! -s $build/guide/pandoc.log ]] || fail "pandoc warned: $(cat "$build/guide/pandoc.log")"
	! grep -q 'Not yet measured: run make' "$build/guide/guide.md" ||
		fail "a table that make demo or make test should have filled says not yet measured"
	grep -q '^| *kernel *| *module *| *installed with *|' "$build/guide/guide.md" ||
		fail "the dkms section has no table of the guest's dkms installs"
}

# facts: the guide's headings, tables, ids, links and code, as JSON.
facts() {
	tests/html-facts "$guide"
}

# Every table in the guide says what the results JSON says now.
t_guide_tables_current() {
	local f
	f=$(facts)
	# same_table WHAT JSON HEADER ROWS: the guide's table under HEADER has
	# the rows that results/tables.jq's ROWS makes of JSON.
	same_table() {
		# Pandoc sets quotes as typographic ones.
		diff <(jq -r -L results --argjson f "$f" 'include "tables";
				$f.tables[] | select(.[0] == '"$3"') | .[1:][] | join(" | ")
				| gsub("\u2019"; "\u0027") | gsub("[\u201c\u201d]"; "\"")' -n | sort) \
			<(jq -r -L results 'include "tables"; '"$4"' | join(" | ")' "$2" | sort) ||
			fail "the guide's $1 table differs from $2"
	}
	same_table demo "$results" demo_header demo_rows
	same_table dkms "$results" dkms_header dkms_rows
	same_table matrix "$build/demo/matrix.json" matrix_header matrix_rows
	same_table distro "$build/demo/distro.json" distro_header distro_rows
	same_table "distro probes" "$build/demo/distro.json" distro_probe_header distro_probe_rows
	# The permission table: every symbol and its export types, as in table.json.
	diff <(jq -r '.tables[] | select(.[0][0] == "symbol" and .[0][1] == "defined in" and (.[0] | length) == 8)
			| .[1:][] | [.[0], .[1], .[3], .[5]] | join(" | ")' <<<"$f" | sort) \
		<(jq -r -L results 'include "tables"; permission_rows | join(" | ")' "$build/demo/table.json" | sort) ||
		fail "the guide's permission table differs from table.json"
	echo "demo, dkms, permission and matrix tables match the results"
}

t_guide_links_resolve() {
	local f bad
	f=$(facts)
	bad=$(jq -r '(.ids) as $ids | .links[] | select(startswith("#")) | ltrimstr("#")
		| select(. as $l | $ids | index($l) | not)' <<<"$f")
	[[ -z $bad ]] || fail "links to missing anchors: $bad"
	expect_json - '[.links[] | select(startswith("#"))] | length > 20' "more than 20 internal links" <<<"$f"
	expect_json_eq - '[.links[] | select(startswith("#") | not)]' '[]' "no link outside the page" <<<"$f"
}

# Every command the guide tells a reader to run exists.
t_guide_commands_exist() {
	local f targets opts t o n=0
	f=$(facts)
	targets=$(make -s help | awk '{ print $2 }')
	opts=$("$build/bin/export-check" --help | grep -o -- '--[a-z-]*' | sort -u)
	while IFS= read -r t; do
		grep -qx -- "$t" <<<"$targets" || fail "the guide runs make $t, which is no target"
		n=$((n + 1))
	done < <(jq -r '.code[]' <<<"$f" | grep -oE '(^|[;(] *)make( -s)? [a-z][a-z-]*' | awk '{ print $NF }' | sort -u)
	while IFS= read -r o; do
		grep -qx -- "$o" <<<"$opts" || fail "the guide uses export-check $o, which is no option"
		n=$((n + 1))
	done < <(jq -r '.code[]' <<<"$f" | grep 'export-check' | grep -oE -- ' --[a-z-]+' | tr -d ' ' | sort -u)
	((n >= 5)) || fail "only $n commands found in the guide"
	echo "$n commands checked"
}

# A real browser renders it, at desktop and phone widths.
t_guide_in_browser() {
	local shots=$build/guide/screenshots dom
	tests/browser-shot "$guide" "$shots"
	dom=$(tests/html-facts "$shots/dom.html")
	for h in "The policy and its history" "The patch series" "Licence strings" "The permission table" \
		"The demo" "For module vendors" "Your customers' kernel" "Reference"; do
		expect_json_has --arg h "$h" - '.headings | map(.[1] | gsub("\u2019"; "\u0027"))' '$h' \
			"heading '$h' in the browser's DOM" <<<"$dom"
	done
	expect_json - '.tables | length >= 8' "8 tables or more in the browser's DOM" <<<"$dom"
	grep -q 'name="viewport"' "$shots/dom.html" || fail "no viewport meta for phones"
	python3 - "$shots/desktop.png" "$shots/phone.png" <<'PY' || fail "screenshots are not the expected sizes"
import struct, sys
for path, width in zip(sys.argv[1:], (1280, 390)):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    w, h = struct.unpack(">II", head[16:24])
    assert w == width and h == 2400, (path, w, h)
PY
	echo "screenshots: $shots/desktop.png, $shots/phone.png"
}
