# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# distro.json (results/schemas/distro.schema.json): every Debian kernel
# of distro-kernels.json ($list), in its order, as its distro guests found
# it: results/distro-kernel.jq's part of each kernel booted ($parts), and
# for any other why it was not ($not_booted: id -> reason; a kernel that
# could not be fetched has its own reason in $list).  Run once by
# results/collect-distro with jq -n.
$list[0].kernels as $kernels
# The parts in the list's order.
| [$kernels[] as $k | $parts[] | select(.kernel.id == $k.id)] as $booted
| {schema: "lsm-export-kit/distro/2",
   kernels: [$kernels[] | . as $k
	| ([$booted[] | select(.kernel.id == $k.id)] | first) as $p
	| if $p then $p.kernel + {table: $p.table, probes: ($p.probes | del(.rows))}
	  else {id, line, system, proof, status: "skipped", reason: ($k.reason // $not_booted[$k.id])} end],
   loads: [$booted[].loads[]],
   probes: [$booted[].probes.rows[]],
   mismatches: [$booted[].mismatches[]]}
