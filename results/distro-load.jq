# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# One load of the distro guest (results/distro.jq) against export-check's
# prediction for it, as a row of distro.json: observed.jq's check, with
# the prediction beside it.

import "observed" as obs;

# observed($o; $p; $letters; $formats): a row from the guest's records $o
# of one load and export-check's module object $p (observed.jq's check).
def observed($o; $p; $letters; $formats):
	obs::check($o; $p; $letters; $formats)
	| {observed, loaded, insmod_exit, module_taint,
	   kernel_taint_before: (.kernel_taint_before // []), kernel_taint_after: (.kernel_taint_after // []),
	   kernel_messages,
	   predicted: ($p | {verdict, loads, taints, kernel_taints, refused_at, reasons, notes,
			     kernel_messages, symbol_get}),
	   missing_messages, unpredicted_messages, as_predicted};
