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
 *   perf-cpu   open a CPU-wide software counter
 *   kill-child send SIGUSR1 to a child of its own
 *   pdeath     fork a child that forks a grandchild, which asks for SIGUSR1
 *              when its parent dies (PR_SET_PDEATHSIG); then the child
 *              exits: ETIMEDOUT if the grandchild is not dead of SIGUSR1
 *              within 5 s, ENOMSG if it died of something else
 *   ioprio     set the I/O priority of process PATH ("-": its own) to
 *              best-effort level 4
 *
 * (PATH is not used by the network, perf, kill and pdeath ops: give "-".)
 * A datagram not received within a second is EAGAIN.  Built static for the kit's busybox
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
#include <linux/ioprio.h>
#include <linux/netlink.h>
#include <linux/perf_event.h>
#include <linux/rtnetlink.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
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

/* SIGUSR1 to a child that waits for it, which is then killed. */
static int kill_child(void)
{
	pid_t child = fork();
	int rc, saved;

	if (child < 0)
		return -1;
	if (child == 0) {
		pause();
		_exit(0);
	}
	rc = kill(child, SIGUSR1);
	saved = errno;
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	errno = saved;
	return rc;
}

/*
 * The grandchild is reparented to this process, a subreaper, when the
 * child exits, and the child's exit sends it its parent-death signal.
 */
static int pdeath(void)
{
	int ready[2], go[2], status;
	pid_t child, orphan;
	char c;

	if (prctl(PR_SET_CHILD_SUBREAPER, 1) || pipe(ready) || pipe(go))
		return -1;
	child = fork();
	if (child < 0)
		return -1;
	if (child == 0) {
		orphan = fork();
		if (orphan == 0) {
			orphan = getpid();
			if (prctl(PR_SET_PDEATHSIG, SIGUSR1) ||
			    write(ready[1], &orphan, sizeof(orphan)) != sizeof(orphan))
				_exit(1);
			for (;;)
				pause();
		}
		/* Exit only once the grandchild has asked for its signal. */
		_exit(orphan < 0 || read(go[0], &c, 1) != 1);
	}
	if (read(ready[0], &orphan, sizeof(orphan)) != sizeof(orphan) ||
	    write(go[1], "x", 1) != 1 || waitpid(child, NULL, 0) != child)
		return -1;
	for (int i = 0; i < 50; i++) {
		pid_t dead = waitpid(orphan, &status, WNOHANG);

		if (dead < 0)
			return -1;
		if (dead == orphan) {
			if (WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1)
				return 0;
			errno = ENOMSG;
			return -1;
		}
		usleep(100000);
	}
	kill(orphan, SIGKILL);
	waitpid(orphan, NULL, 0);
	errno = ETIMEDOUT;
	return -1;
}

static int ioprio(const char *pid)
{
	int who = strcmp(pid, "-") ? atoi(pid) : 0;

	return syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, who,
		       IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)) < 0 ? -1 : 0;
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
	if (!strcmp(op, "kill-child"))
		return kill_child();
	if (!strcmp(op, "pdeath"))
		return pdeath();
	if (!strcmp(op, "ioprio"))
		return ioprio(path);
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
	"kill-child", "pdeath", "ioprio",
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
		fprintf(stderr, "usage: as-user UID chmod|fallocate|write|udp|unix|netlink|perf-cpu|kill-child|pdeath|ioprio PATH\n");
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
