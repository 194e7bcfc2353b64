// SPDX-License-Identifier: GPL-2.0
/*
 * dept-fault-context's user side: map the scenario's file, enter the kernel
 * with one write() that makes an event awaited and waits, then enter it
 * again through a page fault on the mapping, whose handler fires the event.
 * Nothing enters the kernel in between.
 *
 * usage: fault_after_await FILE
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const volatile char *mapping;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE\n", argv[0]);
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	mapping = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED, fd, 0);
	if (mapping == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	if (write(fd, "await", 5) != 5) {
		perror("write");
		return 1;
	}
	/* the next entry into the kernel: a page fault, not a system call */
	(void)mapping[0];
	return 0;
}
