/* SPDX-License-Identifier: GPL-2.0 */
/* Every virtual CPU is possible and online from the start. */
#ifndef _HOST_LINUX_CPUMASK_H
#define _HOST_LINUX_CPUMASK_H

#include <host/cpu.h>

#define nr_cpu_ids		NR_CPUS
#define for_each_possible_cpu(cpu)	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++)
#define for_each_online_cpu(cpu)	for_each_possible_cpu(cpu)

#endif
