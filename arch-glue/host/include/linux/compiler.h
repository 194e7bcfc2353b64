/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Branch hints, compiler barriers and marked accesses.  READ_ONCE(),
 * WRITE_ONCE() and data_race() are the kernel's marked accesses; see
 * host/annotate.h for what that means under DRD.
 */
#ifndef _HOST_LINUX_COMPILER_H
#define _HOST_LINUX_COMPILER_H

#include <linux/compiler_types.h>
#include <host/annotate.h>

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" : : : "memory")

/* The value is read once, unqualified (lvalue conversion drops them). */
#define READ_ONCE(x)							\
({									\
	host_marked_begin();						\
	__auto_type __r1 = *(const volatile __typeof__(x) *)&(x);	\
	host_marked_end();						\
	__r1;								\
})

#define WRITE_ONCE(x, val)						\
do {									\
	__typeof__(x) __w1 = (val);					\
									\
	host_marked_begin();						\
	*(volatile __typeof__(x) *)&(x) = __w1;				\
	host_marked_end();						\
} while (0)

/* An access the author knows to be racy and harmless. */
#define data_race(expr)							\
({									\
	host_marked_begin();						\
	__auto_type __d1 = (expr);					\
	host_marked_end();						\
	__d1;								\
})

#endif
