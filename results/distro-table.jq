# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The permission table of one of Debian's kernels
# (results/schemas/distro-table.schema.json), from export-check --table's
# for the kernel named "debian" ($table) and what results/distro-table
# found of the kernel: its id, line and system, its release ($abi), and
# the versions of its image and of the source the table was read from.

$table[0]
| .symbols as $symbols
| {schema: "lsm-export-kit/distro-table/2",
   kernel: {id: $id, line: $line, system: $system,
	    release: $abi, image_package_version: $image_version,
	    source_package_version: $source_version,
	    versions_match: ($image_version == $source_version)},
   counts: {all: ($symbols | length),
	    gpl_compatible_may_use: ($symbols | length),
	    non_gpl_may_use: ($symbols | map(select(.kernels.debian.non_gpl_may_use)) | length)},
   symbols: $symbols}
