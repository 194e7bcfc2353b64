/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_SMP_H
#define _HOST_LINUX_SMP_H

#include <host/cpu.h>

#define smp_processor_id()	host_cpu()
#define raw_smp_processor_id()	host_cpu()

#endif
