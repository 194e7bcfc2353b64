/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host has no scheduler text section: no frame of a host stack is
 * the kernel scheduler's, so a staged wait's stack is kept whole.
 */
#ifndef _HOST_LINUX_SCHED_DEBUG_H
#define _HOST_LINUX_SCHED_DEBUG_H

#include <linux/types.h>

static inline int in_sched_functions(unsigned long addr)
{
	return 0;
}

#endif
