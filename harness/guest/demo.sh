#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The demo's guest run: the example modules, then the matrix probes, in
# one boot.  Fails if either part fails.
# shellcheck source=guard.sh
. /kit/guard.sh
# shellcheck source=records.sh
. /kit/records.sh

# When each part started (the guest's uptime), for the results' timings.
stamp() {
	record R guest "started_$1" "$(cut -d' ' -f1 /proc/uptime)"
}

guest_records
stamp examples
sh /kit/load-modules.sh || exit 1
stamp probes
if [ -r /kit/probes/probes.tsv ]; then
	sh /kit/load-probes.sh || exit 1
fi
stamp end
