// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU areas: one copy of the "host_percpu" section per virtual CPU,
 * made before main() so that even static initialisers see them.
 */
#include <stdlib.h>
#include <string.h>
#include <linux/percpu.h>

extern char __start_host_percpu[], __stop_host_percpu[];

unsigned long __per_cpu_offset[NR_CPUS];
/* the areas themselves, for gdb and for valgrind's leak check */
char *host_percpu_area[NR_CPUS];

__attribute__((constructor)) static void host_percpu_setup(void)
{
	size_t size = __stop_host_percpu - __start_host_percpu;
	int cpu;

	for_each_possible_cpu(cpu) {
		char *area = aligned_alloc(64, (size + 63) & ~63UL);

		if (!area)
			abort();
		memcpy(area, __start_host_percpu, size);
		host_percpu_area[cpu] = area;
		__per_cpu_offset[cpu] = area - __start_host_percpu;
	}
}
