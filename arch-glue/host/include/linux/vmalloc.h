/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_VMALLOC_H
#define _HOST_LINUX_VMALLOC_H

#include <stdlib.h>

static inline void *vmalloc(unsigned long size)
{
	return malloc(size);
}

static inline void *vzalloc(unsigned long size)
{
	return calloc(1, size);
}

static inline void vfree(const void *addr)
{
	free((void *)addr);
}

#endif
