/* SPDX-License-Identifier: GPL-2.0 */
/* Multiplicative (Fibonacci) hashing: the top bits of val * 2^n/phi. */
#ifndef _HOST_LINUX_HASH_H
#define _HOST_LINUX_HASH_H

#include <linux/types.h>

#define GOLDEN_RATIO_32		0x61C88647U
#define GOLDEN_RATIO_64		0x61C8864680B583EBULL

static inline u32 hash_32(u32 val, unsigned int bits)
{
	return (u32)(val * GOLDEN_RATIO_32) >> (32 - bits);
}

static inline u32 hash_64(u64 val, unsigned int bits)
{
	return (u32)((val * GOLDEN_RATIO_64) >> (64 - bits));
}

#define hash_long(val, bits)	hash_64(val, bits)
#define hash_ptr(ptr, bits)	hash_long((unsigned long)(ptr), bits)

#endif
