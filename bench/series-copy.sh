# SPDX-License-Identifier: GPL-2.0-only
# SPDX-FileCopyrightText: 2026 The LSM export kit authors
# shellcheck shell=bash
# Sourced by bench/kernel-edit and bench/kernel-identity, from the top of
# the tree: a copy of kernel-patch/ in $tmp whose 0002 they edit, so that
# what they build goes to the kit's cache under keys of its own.
# shellcheck disable=SC2154 # tmp and die come from the sourcing script

api_patch=kernel-patch/0002-security-let-loadable-modules-register-LSM-hooks.patch
mkdir -p "$tmp/scripts"
cp -a kernel-patch "$tmp/"
cp -a scripts/lib.sh "$tmp/scripts/"
copy=$tmp/$api_patch

# edit SED-EXPRESSION: apply it to the copy's 0002, which must change.
edit() {
	cp "$api_patch" "$copy"
	sed -i "$1" "$copy"
	! cmp -s "$api_patch" "$copy" || die "the edit '$1' changed nothing in 0002"
}
