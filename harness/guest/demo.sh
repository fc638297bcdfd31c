#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The demo's guest run: the example modules, then the matrix probes, in
# one boot.  Fails if either part fails.
# shellcheck source=guard.sh
. /kit/guard.sh

# S <phase> <uptime>: when each part started, for bench/run.
stamp() {
	printf 'S\t%s\t%s\n' "$1" "$(cut -d' ' -f1 /proc/uptime)" >&3
}

# What the guest is: records about "guest", not a module.
printf 'R\tguest\tnproc\t%s\n' "$(nproc)" >&3
printf 'R\tguest\tlsm\t%s\n' "$(cat /sys/kernel/security/lsm)" >&3

stamp examples
sh /kit/load-modules.sh || exit 1
stamp probes
if [ -r /kit/probes/probes.tsv ]; then
	sh /kit/load-probes.sh || exit 1
fi
stamp end
