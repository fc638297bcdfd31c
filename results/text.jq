# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
#
# The kit's text files as jq reads them with --rawfile: a TSV table (one
# array of fields a line, blank and # lines left out), and a file's lines.

def table: split("\n") | map(select(length > 0 and (startswith("#") | not)) | split("\t"));
def lines: split("\n") | map(select(length > 0));
