// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * in-mntns NSFILE OP DIR [OPTIONS]: enter the mount namespace NSFILE (a
 * /proc/PID/ns/mnt), then do OP on DIR there:
 *
 *   mount-tmpfs  mount a tmpfs on DIR with OPTIONS; print 0
 *   umount       unmount DIR; print 0
 *   list         print the names in DIR but . and .., one a line; the
 *                directory is read, and neither it nor anything in it is
 *                stat()ed
 *
 * or print the errno's name and exit 1.  Built static: the namespace's
 * root, where setns() leaves the working directory, may hold no program.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

/* getdents64(), not readdir(): glibc's opendir() stat()s the directory. */
static int list(const char *dir)
{
	_Alignas(struct dirent64) char buf[4096];
	ssize_t len;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((len = getdents64(fd, buf, sizeof(buf))) > 0) {
		for (ssize_t at = 0; at < len;) {
			const struct dirent64 *e = (const void *)(buf + at);

			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				printf("%s\n", e->d_name);
			at += e->d_reclen;
		}
	}
	if (len < 0) {
		close(fd);
		return -1;
	}
	return close(fd);
}

static int do_op(const char *op, const char *dir, const char *options)
{
	if (options)
		return mount("tmpfs", dir, "tmpfs", 0, options);
	if (!strcmp(op, "umount"))
		return umount2(dir, 0);
	return list(dir);
}

static int usage(void)
{
	fprintf(stderr, "usage: in-mntns NSFILE mount-tmpfs DIR OPTIONS | umount DIR | list DIR\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *op, *options;
	int ns;

	if (argc < 4 || argc > 5)
		return usage();
	op = argv[2];
	options = argc == 5 ? argv[4] : NULL;
	if (options ? strcmp(op, "mount-tmpfs") : strcmp(op, "umount") && strcmp(op, "list"))
		return usage();
	ns = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (ns < 0) {
		fprintf(stderr, "in-mntns: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	if (setns(ns, CLONE_NEWNS)) {
		fprintf(stderr, "in-mntns: entering %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	close(ns);
	if (do_op(op, argv[3], options)) {
		printf("%s\n", strerrorname_np(errno));
		return 1;
	}
	if (strcmp(op, "list"))
		printf("0\n");
	return 0;
}
