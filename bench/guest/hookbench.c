// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * hookbench ITERATIONS: time system calls that pass through LSM hooks, and
 * one that does not, ITERATIONS times each; print "NAME<TAB>NS_PER_CALL"
 * for each.  read: a 1-byte read() of /dev/zero (file_permission); stat:
 * stat() of a path eight directories deep (inode_permission on each
 * component); open: open() and close() of that file; getppid: no hook, the
 * control.  Built static for the kit's busybox guests.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DEEP_DIR "/tmp/a/b/c/d/e/f/g/h"
#define DEEP_FILE DEEP_DIR "/file"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int make_deep_file(void)
{
	char path[] = DEEP_DIR;
	int fd;

	for (char *p = path + 1; *p; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	}
	mkdir(path, 0755);
	fd = open(DEEP_FILE, O_CREAT | O_WRONLY, 0644);
	if (fd < 0)
		return -1;
	return close(fd);
}

int main(int argc, char **argv)
{
	long n = argc == 2 ? strtol(argv[1], NULL, 10) : 0;
	struct stat st;
	double t0;
	char c;
	int fd;

	if (n <= 0) {
		fprintf(stderr, "usage: hookbench ITERATIONS\n");
		return 2;
	}
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0 || make_deep_file()) {
		perror("hookbench: setup");
		return 1;
	}

	t0 = now_ns();
	for (long i = 0; i < n; i++)
		if (read(fd, &c, 1) != 1)
			return 1;
	printf("read\t%.1f\n", (now_ns() - t0) / n);

	t0 = now_ns();
	for (long i = 0; i < n; i++)
		if (stat(DEEP_FILE, &st))
			return 1;
	printf("stat\t%.1f\n", (now_ns() - t0) / n);

	t0 = now_ns();
	for (long i = 0; i < n; i++) {
		int f = open(DEEP_FILE, O_RDONLY);

		if (f < 0 || close(f))
			return 1;
	}
	printf("open\t%.1f\n", (now_ns() - t0) / n);

	t0 = now_ns();
	for (long i = 0; i < n; i++)
		getppid();
	printf("getppid\t%.1f\n", (now_ns() - t0) / n);
	return 0;
}
