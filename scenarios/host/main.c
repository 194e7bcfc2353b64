// SPDX-License-Identifier: GPL-2.0
/*
 * dept-host-test: DEPT's engine, unchanged, in a user program.
 *
 *   dept-host-test [--seed N] [--soak-iters N] [--timeout S]
 *                  [--log-dir DIR] [--list] [SUITE | SUITE.CASE]...
 *
 * Prints one KTAP document, a subtest per suite.  Each case runs in a
 * child process of its own (forked before any thread exists) with a
 * fresh engine; its console goes to DIR/SUITE.CASE.log with --log-dir,
 * else to standard error.  A case fails on a failed check, a crash, a
 * timeout, or any other exit status (valgrind's --error-exitcode).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <linux/array_size.h>
#include <host/runtime.h>
#include "suite.h"

static const struct host_suite *const suites[] = {
	&unit_suite,
	&patterns_suite,
	&internals_suite,
	&annotations_suite,
	&selftests_suite,
	&soak_suite,
};

unsigned long host_test_seed;
unsigned long host_test_soak_iters = 2000;
unsigned long host_test_many_classes = 8000;
static unsigned int timeout_s = 60;
static const char *log_dir;

static char *const *filters;
static int nr_filters;

static bool selected(const struct host_suite *s, const struct host_case *c)
{
	char full[128];
	int i;

	if (!nr_filters)
		return true;
	snprintf(full, sizeof(full), "%s.%s", s->name, c->name);
	for (i = 0; i < nr_filters; i++)
		if (!strcmp(filters[i], s->name) || !strcmp(filters[i], full))
			return true;
	return false;
}

static int nr_selected(const struct host_suite *s)
{
	const struct host_case *c;
	int n = 0;

	for (c = s->cases; c->name; c++)
		n += selected(s, c);
	return n;
}

static void open_log(const struct host_suite *s, const struct host_case *c,
		     char *path, size_t size)
{
	int fd;

	snprintf(path, size, "%s/%s.%s.log", log_dir, s->name, c->name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || dup2(fd, STDERR_FILENO) < 0) {
		printf("  # cannot write %s: %s\n", path, strerror(errno));
		exit(2);
	}
	close(fd);
}

static __noreturn void child(const struct host_suite *s,
				const struct host_case *c)
{
	char path[512];

	if (log_dir)
		open_log(s, c, path, sizeof(path));
	alarm(timeout_s);
	host_runtime_init();
	c->run();
	host_runtime_exit();
	fflush(stdout);
	exit(check_failed() ? 1 : 0);
}

/* Run one case in a child; true when it passed. */
static bool run_case(const struct host_suite *s, const struct host_case *c)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		printf("  # fork: %s\n", strerror(errno));
		return false;
	}
	if (!pid)
		child(s, c);

	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return true;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("  # timed out after %u s\n", timeout_s);
	else if (WIFSIGNALED(status))
		printf("  # killed by signal %d (%s)\n", WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
	else if (WEXITSTATUS(status) != 1)
		printf("  # exit status %d\n", WEXITSTATUS(status));
	if (log_dir)
		printf("  # console: %s/%s.%s.log\n", log_dir, s->name, c->name);
	return false;
}

static bool run_suite(const struct host_suite *s, int nr)
{
	const struct host_case *c;
	bool all = true;
	int n = 0;

	printf("  KTAP version 1\n");
	printf("  # Subtest: %s\n", s->name);
	printf("  1..%d\n", nr_selected(s));
	for (c = s->cases; c->name; c++) {
		bool ok;

		if (!selected(s, c))
			continue;
		ok = run_case(s, c);
		all &= ok;
		printf("  %sok %d %s\n", ok ? "" : "not ", ++n, c->name);
	}
	printf("%sok %d %s\n", all ? "" : "not ", nr, s->name);
	return all;
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [--seed N] [--soak-iters N] [--many-classes N] [--timeout S]\n"
		"       %*s [--log-dir DIR] [--list] [SUITE | SUITE.CASE]...\n",
		prog, (int)strlen(prog), "");
	exit(2);
}

static unsigned long number(const char *prog, const char *s)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(s ?: "", &end, 0);
	if (errno || !s || !*s || *end)
		usage(prog);
	return n;
}

int main(int argc, char **argv)
{
	bool list = false, all = true;
	size_t i;
	int arg, nr = 0;

	host_test_seed = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16);
	for (arg = 1; arg < argc && argv[arg][0] == '-'; arg++) {
		const char *opt = argv[arg], *val = argv[arg + 1];

		if (!strcmp(opt, "--list")) {
			list = true;
			continue;
		}
		if (!strcmp(opt, "--seed"))
			host_test_seed = number(argv[0], val);
		else if (!strcmp(opt, "--soak-iters"))
			host_test_soak_iters = number(argv[0], val);
		else if (!strcmp(opt, "--many-classes"))
			host_test_many_classes = number(argv[0], val);
		else if (!strcmp(opt, "--timeout"))
			timeout_s = number(argv[0], val);
		else if (!strcmp(opt, "--log-dir") && val)
			log_dir = val;
		else
			usage(argv[0]);
		arg++;
	}
	filters = argv + arg;
	nr_filters = argc - arg;

	if (list) {
		for (i = 0; i < ARRAY_SIZE(suites); i++) {
			const struct host_case *c;

			for (c = suites[i]->cases; c->name; c++)
				if (selected(suites[i], c))
					printf("%s.%s\n", suites[i]->name, c->name);
		}
		return 0;
	}

	printf("KTAP version 1\n");
	printf("# seed: %lu\n", host_test_seed);
	for (i = 0; i < ARRAY_SIZE(suites); i++)
		nr += nr_selected(suites[i]) > 0;
	printf("1..%d\n", nr);
	nr = 0;
	for (i = 0; i < ARRAY_SIZE(suites); i++)
		if (nr_selected(suites[i]))
			all &= run_suite(suites[i], ++nr);
	return all ? 0 : 1;
}
