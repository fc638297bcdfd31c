#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The distro guest (make distro), in Debian's own kernel: the modules of
# /kit/load-plan.tsv one by one (load-list.sh), then every probe of
# /kit/probes (load-probes.sh).  Fails if either part fails.
# shellcheck source=guard.sh
. /kit/guard.sh

sh /kit/load-list.sh || exit 1
if [ -r /kit/probes/probes.tsv ]; then
	sh /kit/load-probes.sh || exit 1
fi
