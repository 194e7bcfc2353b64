/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Attributes and annotations, force-included first as in a kernel
 * build.  Section placement (noinstr, __init, __read_mostly) means
 * nothing in a user program; what matters for debugging is kept:
 * noinstr functions stay out of line so gdb can break on them.
 */
#ifndef _HOST_LINUX_COMPILER_TYPES_H
#define _HOST_LINUX_COMPILER_TYPES_H

#define __force
#define __user
#define __iomem
#define __percpu
#define __rcu

#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define noinline		__attribute__((__noinline__))
#define notrace
#define noinstr			noinline notrace
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __section(s)		__attribute__((__section__(s)))
#define __must_check		__attribute__((__warn_unused_result__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __cold			__attribute__((__cold__))
#define __noreturn		__attribute__((__noreturn__))
#define __weak			__attribute__((__weak__))
#define __read_mostly
#define __cacheline_aligned	__aligned(64)
#define fallthrough		__attribute__((__fallthrough__))

#endif
