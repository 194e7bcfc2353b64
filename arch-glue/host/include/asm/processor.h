/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_ASM_PROCESSOR_H
#define _HOST_ASM_PROCESSOR_H

#include <sched.h>

/*
 * A spinning host thread yields: the lock holder may be waiting for
 * this very core, and under valgrind threads run one at a time.
 */
#define cpu_relax()	sched_yield()

#endif
