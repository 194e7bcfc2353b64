// SPDX-License-Identifier: GPL-2.0
/*
 * fork-killed's user side: a process with thousands of mappings forks in a
 * loop, and is killed with SIGKILL after a random few milliseconds, over
 * and over.  A fork spends nearly all its time copying the mappings in
 * dup_mmap(), which stops at a fatal signal with -EINTR and leaves, in
 * the new mm's tree, XA_ZERO_ENTRY where it stopped; the kernel then tears
 * that half-copied mm down.  Every page is touched, so that the teardown
 * has page tables to clear and flushes the TLB.
 *
 * usage: fork_killed ROUNDS
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* mappings of the forking process: pages alternately writable and not */
#define MAPPINGS 2000

static void fork_forever(int ready)
{
	long page = sysconf(_SC_PAGESIZE);
	char *area;
	int i;

	area = mmap(NULL, MAPPINGS * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED) {
		perror("mmap");
		_exit(1);
	}
	for (i = 0; i < MAPPINGS; i++)
		area[i * page] = 1;
	/* neighbours of different protections do not merge */
	for (i = 1; i < MAPPINGS; i += 2) {
		if (mprotect(area + i * page, page, PROT_READ)) {
			perror("mprotect");
			_exit(1);
		}
	}
	/* children are reaped by the kernel: no time spent waiting */
	signal(SIGCHLD, SIG_IGN);
	if (write(ready, "r", 1) != 1)
		_exit(1);
	for (;;)
		if (fork() == 0)
			_exit(0);
}

int main(int argc, char **argv)
{
	int rounds, round;

	rounds = argc == 2 ? atoi(argv[1]) : 0;
	if (rounds <= 0) {
		fprintf(stderr, "usage: %s ROUNDS\n", argv[0]);
		return 2;
	}
	srand(time(NULL));
	for (round = 0; round < rounds; round++) {
		int pipefd[2], status;
		char c;
		pid_t pid;

		if (pipe(pipefd)) {
			perror("pipe");
			return 1;
		}
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 1;
		}
		if (pid == 0) {
			close(pipefd[0]);
			fork_forever(pipefd[1]);
		}
		close(pipefd[1]);
		if (read(pipefd[0], &c, 1) != 1) {
			fprintf(stderr, "fork_killed: the forking process died\n");
			return 1;
		}
		close(pipefd[0]);
		usleep(1000 + rand() % 20000);
		kill(pid, SIGKILL);
		if (waitpid(pid, &status, 0) != pid || !WIFSIGNALED(status)) {
			fprintf(stderr, "fork_killed: round %d: not killed\n", round);
			return 1;
		}
	}
	printf("fork-killed: %d forking processes killed, the kernel goes on\n",
	       rounds);
	return 0;
}
