// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * Where a kernel build tree keeps its files: the build directory, then the
 * source tree it names (kbuild's "source" link, or the Makefile of Debian's
 * -amd64 headers, which includes the -common headers by absolute path).
 * Absolute paths are tried under every directory above the tree first, so
 * that a package unpacked with dpkg-deb -x anywhere reads as installed.
 */

#include "tree.h"
#include "file.h"
#include "util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/*
 * ABS (an absolute path) under the nearest directory above BASE that has
 * it, else ABS itself if it exists, else NULL.
 */
static char *reroot(const char *abs, const char *base)
{
	char *up = xstrdup(base), *slash, *p;

	while ((slash = strrchr(up, '/')) && slash != up) {
		*slash = '\0';
		p = xasprintf("%s%s", up, abs);
		if (exists(p)) {
			free(up);
			return p;
		}
		free(p);
	}
	free(up);
	return exists(abs) ? xstrdup(abs) : NULL;
}

char *tree_resolve(const char *path)
{
	char *done = NULL, *rest = xstrdup(path), *comp, *save = NULL;
	char target[PATH_MAX];

	for (comp = strtok_r(rest, "/", &save); comp;
	     comp = strtok_r(NULL, "/", &save)) {
		char *next = xasprintf("%s%s%s", done ? done : "",
				       done || path[0] == '/' ? "/" : "", comp);
		ssize_t n = readlink(next, target, sizeof(target) - 1);

		if (n > 0 && target[0] == '/') {
			target[n] = '\0';
			free(next);
			next = reroot(target, done ? done : "/");
		} else if (!exists(next)) {
			free(next);
			next = NULL;
		}
		free(done);
		done = next;
		if (!done)
			break;
	}
	free(rest);
	if (!done && !comp)
		done = exists(path) ? xstrdup(path) : NULL;
	return done;
}

static void add_part(struct tree *t, char *path)
{
	t->part[t->n_parts++] = path;
}

/* The directory Debian's -amd64 Makefile includes ("include DIR/Makefile"). */
static char *makefile_include(const char *dir)
{
	char *path = xasprintf("%s/Makefile", dir), *text, *line, *found = NULL;
	char err[256];
	size_t size, n;

	/* The real kernel Makefile is 70 kB; Debian's stub is one line. */
	if (file_read(path, (size_t)1 << 20, &text, &size, err, sizeof(err))) {
		free(path);
		return NULL;
	}
	free(path);
	for (line = text; !found && *line; line += n + (line[n] == '\n')) {
		n = strcspn(line, "\n");
		if (strncmp(line, "include /", 9) == 0 && n > 17 &&
		    strncmp(line + n - 9, "/Makefile", 9) == 0)
			found = xstrndup(line + 8, n - 17);
	}
	free(text);
	return found;
}

int tree_open(struct tree *t, const char *dir, char *err, size_t errlen)
{
	char *build, *src, *named;

	*t = (struct tree){ 0 };
	build = tree_resolve(dir);
	if (build && !is_dir(build)) {
		free(build);
		tree_free(t);
		return fail(err, errlen, "%s: not a directory", dir);
	}
	/* Not there at all: the first file looked for will say so. */
	if (!build) {
		add_part(t, xstrdup(dir));
		return 0;
	}
	add_part(t, build);
	src = xasprintf("%s/source", build);
	named = tree_resolve(src);
	free(src);
	if (named && is_dir(named)) {
		add_part(t, named);
		return 0;
	}
	free(named);
	named = makefile_include(build);
	if (!named)
		return 0;
	src = reroot(named, build);
	if (src && is_dir(src)) {
		add_part(t, src);
	} else {
		free(src);
		t->missing = xasprintf("%s/Makefile includes %s/Makefile, %s", build, named,
				       "which is not there, nor under a directory above the tree");
	}
	free(named);
	return 0;
}

int tree_add_source(struct tree *t, const char *src, char *err,
		    size_t errlen)
{
	if (!is_dir(src))
		return fail(err, errlen, "%s: not a directory", src);
	add_part(t, xstrdup(src));
	return 0;
}

void tree_free(struct tree *t)
{
	size_t i;

	for (i = 0; i < t->n_parts; i++)
		free(t->part[i]);
	free(t->missing);
	*t = (struct tree){ 0 };
}

char *tree_find(const struct tree *t, const char *rel, char *err,
		size_t errlen)
{
	char *looked = NULL, *p, *more;
	size_t i;

	for (i = 0; i < t->n_parts; i++) {
		p = xasprintf("%s/%s", t->part[i], rel);
		if (access(p, R_OK) == 0) {
			free(looked);
			return p;
		}
		more = xasprintf("%s%s%s", looked ? looked : "",
				 looked ? " and " : "", p);
		free(looked);
		free(p);
		looked = more;
	}
	fail(err, errlen, "no %s: looked in %s%s%s", rel,
	     looked ? looked : "nothing", t->missing ? "; " : "",
	     t->missing ? t->missing : "");
	free(looked);
	return NULL;
}
