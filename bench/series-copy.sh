# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by bench/kernel-edit and bench/kernel-identity, from the top of
# the tree: a copy of kernel-patch/ in $tmp whose 0001 they edit, so that
# what they build goes to the kit's cache under keys of its own.
# shellcheck disable=SC2154 # tmp and die come from the sourcing script

patch0001=kernel-patch/0001-security-let-loadable-modules-register-LSM-hooks.patch
mkdir -p "$tmp/scripts"
cp -a kernel-patch "$tmp/"
cp -a scripts/lib.sh "$tmp/scripts/"
copy=$tmp/$patch0001

# edit SED-EXPRESSION: apply it to the copy's 0001, which must change.
edit() {
	cp "$patch0001" "$copy"
	sed -i "$1" "$copy"
	! cmp -s "$patch0001" "$copy" || die "the edit '$1' changed nothing in 0001"
}
