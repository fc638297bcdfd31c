/* SPDX-License-Identifier: GPL-2.0-only */
/* SPDX-FileCopyrightText: 2026 The LSM export kit authors */
/*
 * Where a kernel build tree keeps its files.  A tree may be split: kbuild's
 * O= trees have a "source" link to the sources, and Debian's headers come as
 * linux-headers-<abi>-amd64 (Module.symvers, .config, generated headers),
 * whose Makefile includes linux-headers-<abi>-common's by absolute path
 * (include/linux/..., the rest).  Absolute paths and links, such as
 * /lib/modules/<abi>/build, are also tried under the root of a package
 * unpacked elsewhere, so that an unpacked tree works as an installed one.
 */
#ifndef EXPORT_CHECK_TREE_H
#define EXPORT_CHECK_TREE_H

#include <stddef.h>

#define TREE_MAX_PARTS 4

struct tree {
	/*
	 * The build directory, then its source link or included tree, then
	 * the source tree tree_add_source() gives.
	 */
	char *part[TREE_MAX_PARTS];
	size_t n_parts;
	char *missing;		/* a part the tree names that is not there */
};

/*
 * Open the tree at DIR.  Returns 0, or -1 with "DIR: reason" in ERR if DIR
 * is something other than a directory.  A DIR that is not there at all,
 * even under the root it may have been unpacked to, is opened as it is,
 * so that the first file looked for in it names what is missing.
 */
int tree_open(struct tree *t, const char *dir, char *err, size_t errlen);
void tree_free(struct tree *t);

/*
 * Look in the source tree SRC last, for what the build tree lacks (a
 * distribution's headers have no kernel/module/main.c).  Returns 0, or -1
 * with "SRC: reason" in ERR if SRC is not a directory.
 */
int tree_add_source(struct tree *t, const char *src, char *err,
		    size_t errlen);

/*
 * The path of REL in the first part that has it (free() it), or NULL with
 * "no REL: looked in PATH and PATH[; why]" in ERR.
 */
char *tree_find(const struct tree *t, const char *rel, char *err,
		size_t errlen);

/*
 * PATH, with each absolute symbolic link on the way looked for first under
 * the directories above the link (the root a package may have been
 * unpacked to), then as it is.  Returns a new string naming something that
 * exists, or NULL.  Exposed for tests.
 */
char *tree_resolve(const char *path);

#endif
