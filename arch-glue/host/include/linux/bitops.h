/* SPDX-License-Identifier: GPL-2.0 */
/* Bit searches over arrays of unsigned long, and single bit tests. */
#ifndef _HOST_LINUX_BITOPS_H
#define _HOST_LINUX_BITOPS_H

#include <linux/bits.h>
#include <linux/types.h>

/* index of the lowest set bit; undefined for 0 */
static inline unsigned long __ffs(unsigned long word)
{
	return __builtin_ctzl(word);
}

/* index of the highest set bit; undefined for 0 */
static inline unsigned long __fls(unsigned long word)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(word);
}

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline bool test_bit(long nr, const unsigned long *addr)
{
	return addr[BIT_WORD(nr)] & BIT_MASK(nr);
}

/* the first set bit at or after @offset, or @size if there is none */
static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size,
					  unsigned long offset)
{
	while (offset < size) {
		unsigned long word = addr[BIT_WORD(offset)] &
				     (~0UL << (offset % BITS_PER_LONG));

		if (word) {
			offset = BIT_WORD(offset) * BITS_PER_LONG + __ffs(word);
			return offset < size ? offset : size;
		}
		offset = (BIT_WORD(offset) + 1) * BITS_PER_LONG;
	}
	return size;
}

#define find_first_bit(addr, size)	find_next_bit(addr, size, 0)

#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = find_first_bit(addr, size);			\
	     (bit) < (size);						\
	     (bit) = find_next_bit(addr, size, (bit) + 1))

#endif
