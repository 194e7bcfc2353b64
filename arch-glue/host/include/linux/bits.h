/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_BITS_H
#define _HOST_LINUX_BITS_H

#define BITS_PER_LONG		64
#define BIT(nr)			(1UL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define GENMASK(h, l)		((~0UL << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))

#endif
