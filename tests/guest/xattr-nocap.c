// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * xattr-nocap PATH NAME: set the extended attribute NAME on PATH twice,
 * first as the caller is, then with CAP_SYS_ADMIN dropped from its
 * effective set, and print each outcome as "with<TAB>RESULT" and
 * "without<TAB>RESULT", RESULT being 0 or the errno's name.  Built static
 * for the kit's busybox guests, which have no setfattr or setpriv.
 */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

static const char *try_setxattr(const char *path, const char *name)
{
	if (setxattr(path, name, "kit", 3, 0) == 0)
		return "0";
	return strerrorname_np(errno);
}

static int drop_sys_admin(void)
{
	struct __user_cap_header_struct head = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &head, data))
		return -1;
	data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective &= ~CAP_TO_MASK(CAP_SYS_ADMIN);
	return syscall(SYS_capset, &head, data);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: xattr-nocap PATH NAME\n");
		return 2;
	}
	printf("with\t%s\n", try_setxattr(argv[1], argv[2]));
	if (drop_sys_admin()) {
		perror("xattr-nocap: capset");
		return 1;
	}
	printf("without\t%s\n", try_setxattr(argv[1], argv[2]));
	return 0;
}
