# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# distro-diff.json from the permission tables of Debian's kernels
# (distro-tables/ID.json, slurped in the list's order: results/distro-diff).

def exports: .symbols | map({(.symbol): {export: .kernels.debian.export, file}}) | add;
def transitions($a; $b):
	($a | exports) as $x | ($b | exports) as $y
	| {from: $a.kernel.id, to: $b.kernel.id,
	   appeared: [$y | keys[] | select($x[.] == null)] | length,
	   disappeared: [$x | keys[] | select($y[.] == null)] | length,
	   became_gpl_only: [$x | keys[] | select($x[.].export == "EXPORT_SYMBOL"
		and $y[.].export == "EXPORT_SYMBOL_GPL")] | length,
	   became_open: [$x | keys[] | select($x[.].export == "EXPORT_SYMBOL_GPL"
		and $y[.].export == "EXPORT_SYMBOL")] | length};
. as $t
| [$t[] | {id: .kernel.id, exports: exports}] as $k
| ([$k[].exports | keys[]] | unique) as $names
| {schema: "lsm-export-kit/distro-diff/1",
   kernels: [$t[] | .kernel | {id, line, system, release}],
   counts: [$t[] | {id: .kernel.id, all: .counts.all, non_gpl_may_use: .counts.non_gpl_may_use}],
   steps: [range(1; $t | length) as $i | transitions($t[$i - 1]; $t[$i])],
   symbols: [$names[] as $s
	| [$k[] | {(.id): (.exports[$s].export // null)}] | add as $e
	| select([$e[]] | unique | length > 1)
	| {symbol: $s, file: ([$k[].exports[$s].file // empty][0]), exports: $e}]}
