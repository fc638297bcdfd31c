#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# Guest side of the harness's cross-modifying-code check: load
# static_key_flip (it flips a key for 10 s while another CPU runs its
# site) and record what it counted.
# shellcheck source=../../harness/guest/guard.sh
. /kit/guard.sh
# shellcheck source=../../harness/guest/records.sh
. /kit/records.sh

guest_records
insmod /kit/static_key_flip.ko seconds=10
record R static_key_flip insmod_exit $?
record R static_key_flip counts "$(dmesg | sed -n 's/^.*static_key_flip: flips/flips/p')"
