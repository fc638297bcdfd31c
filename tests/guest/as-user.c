// SPDX-License-Identifier: GPL-2.0-only
// SPDX-FileCopyrightText: 2026 The LSM export kit authors
/*
 * as-user UID OP PATH: become UID (its gid too, no supplementary groups,
 * so no capability is left), then do OP on PATH and print its outcome, 0
 * or the errno's name:
 *
 *   chmod      chmod(PATH, 0755)
 *   fallocate  fallocate() of 4096 bytes at offset 0
 *   write      write() of 4 bytes at offset 0
 *   udp        send a datagram to a UDP socket on 127.0.0.1 and receive it
 *   unix       the same over an AF_UNIX datagram socket pair
 *   netlink    ask NETLINK_ROUTE for its links and receive the answer
 *
 * (PATH is not used by the last three: give "-".)  A datagram not
 * received within a second is EAGAIN.  Built static for the kit's busybox
 * guests, which have no setpriv.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

/* Send LEN bytes of BUF from socket TX, then receive on RX, a second at most. */
static int send_receive(int tx, int rx, const void *buf, size_t len)
{
	struct timeval second = { .tv_sec = 1 };
	char in[8192];

	if (setsockopt(rx, SOL_SOCKET, SO_RCVTIMEO, &second, sizeof(second)) ||
	    send(tx, buf, len, 0) != (ssize_t)len)
		return -1;
	return recv(rx, in, sizeof(in), 0) < 0 ? -1 : 0;
}

static int udp(void)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t addr_len = sizeof(addr);
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    getsockname(fd, (struct sockaddr *)&addr, &addr_len) ||
	    connect(fd, (struct sockaddr *)&addr, sizeof(addr)))
		return -1;
	return send_receive(fd, fd, "kit", 3);
}

static int unix_pair(void)
{
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, fds))
		return -1;
	return send_receive(fds[0], fds[1], "kit", 3);
}

static int netlink(void)
{
	struct {
		struct nlmsghdr head;
		struct ifinfomsg body;
	} ask = {
		.head = {
			.nlmsg_len = sizeof(ask),
			.nlmsg_type = RTM_GETLINK,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP,
		},
		.body = { .ifi_family = AF_UNSPEC },
	};
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);

	if (fd < 0)
		return -1;
	return send_receive(fd, fd, &ask, sizeof(ask));
}

/* A CPU-wide counter, which needs CAP_PERFMON (uid 0 keeps it). */
static int perf_cpu(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.disabled = 1,
	};
	long fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);

	return fd < 0 ? -1 : close(fd);
}

static int do_op(const char *op, const char *path)
{
	int fd, rc;

	if (!strcmp(op, "chmod"))
		return chmod(path, 0755);
	if (!strcmp(op, "udp"))
		return udp();
	if (!strcmp(op, "unix"))
		return unix_pair();
	if (!strcmp(op, "netlink"))
		return netlink();
	if (!strcmp(op, "perf-cpu"))
		return perf_cpu();
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	if (!strcmp(op, "fallocate"))
		rc = fallocate(fd, 0, 0, 4096);
	else
		rc = pwrite(fd, "kit\n", 4, 0) == 4 ? 0 : -1;
	if (close(fd) && !rc)
		rc = -1;
	return rc;
}

static const char *const ops[] = {
	"chmod", "fallocate", "write", "udp", "unix", "netlink", "perf-cpu",
};

static int known_op(const char *op)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	uid_t uid;
	char *end;

	if (argc != 4 || !known_op(argv[2])) {
		fprintf(stderr, "usage: as-user UID chmod|fallocate|write|udp|unix|netlink|perf-cpu PATH\n");
		return 2;
	}
	uid = strtoul(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0') {
		fprintf(stderr, "as-user: %s: not a uid\n", argv[1]);
		return 2;
	}
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) || setresuid(uid, uid, uid)) {
		perror("as-user: becoming the user");
		return 1;
	}
	printf("%s\n", do_op(argv[2], argv[3]) ? strerrorname_np(errno) : "0");
	return 0;
}
