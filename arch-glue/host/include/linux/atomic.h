/* SPDX-License-Identifier: GPL-2.0 */
/*
 * atomic_t and the generic xchg()/cmpxchg(), on the compiler's atomic
 * builtins, with the kernel's ordering: operations returning a value
 * are fully ordered, void ones are unordered, _acquire/_release as
 * named.  All are marked accesses (see host/annotate.h).
 */
#ifndef _HOST_LINUX_ATOMIC_H
#define _HOST_LINUX_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/barrier.h>

/* @expr, an atomic builtin, as a marked access */
#define __host_marked(expr)						\
({									\
	host_marked_begin();						\
	__auto_type __a1 = (expr);					\
	host_marked_end();						\
	__a1;								\
})

#define xchg(p, v)		__host_marked(__atomic_exchange_n(p, v, __ATOMIC_SEQ_CST))

#define __host_cmpxchg(p, old, new, mo)					\
({									\
	__typeof__(*(p)) __c1 = (old);					\
									\
	__host_marked(__atomic_compare_exchange_n(p, &__c1, new, false,	\
						  mo, __ATOMIC_RELAXED));\
	__c1;								\
})
#define cmpxchg(p, o, n)		__host_cmpxchg(p, o, n, __ATOMIC_SEQ_CST)
#define cmpxchg_acquire(p, o, n)	__host_cmpxchg(p, o, n, __ATOMIC_ACQUIRE)
#define cmpxchg_relaxed(p, o, n)	__host_cmpxchg(p, o, n, __ATOMIC_RELAXED)
/* atomic against the CPU's own IRQs only: the host's are not real */
#define cmpxchg_local(p, o, n)		__host_cmpxchg(p, o, n, __ATOMIC_RELAXED)

/* On failure *oldp is updated to the value found. */
#define try_cmpxchg(p, oldp, n)						\
	__host_marked(__atomic_compare_exchange_n(p, oldp, n, false,	\
			__ATOMIC_SEQ_CST, __ATOMIC_RELAXED))

#define atomic_read(v)			READ_ONCE((v)->counter)
#define atomic_set(v, i)		WRITE_ONCE((v)->counter, (i))
#define atomic_read_acquire(v)		smp_load_acquire(&(v)->counter)
#define atomic_set_release(v, i)	smp_store_release(&(v)->counter, (i))

#define __host_atomic_op(v, fn, i)					\
	((void)__host_marked(fn(&(v)->counter, i, __ATOMIC_RELAXED)))
#define __host_atomic_ret(v, fn, i)					\
	__host_marked(fn(&(v)->counter, i, __ATOMIC_SEQ_CST))

#define atomic_add(i, v)		__host_atomic_op(v, __atomic_fetch_add, i)
#define atomic_sub(i, v)		__host_atomic_op(v, __atomic_fetch_sub, i)
#define atomic_inc(v)			atomic_add(1, v)
#define atomic_dec(v)			atomic_sub(1, v)

#define atomic_add_return(i, v)		__host_atomic_ret(v, __atomic_add_fetch, i)
#define atomic_sub_return(i, v)		__host_atomic_ret(v, __atomic_sub_fetch, i)
#define atomic_fetch_add(i, v)		__host_atomic_ret(v, __atomic_fetch_add, i)
#define atomic_fetch_sub(i, v)		__host_atomic_ret(v, __atomic_fetch_sub, i)
#define atomic_inc_return(v)		atomic_add_return(1, v)
#define atomic_dec_return(v)		atomic_sub_return(1, v)
#define atomic_fetch_inc(v)		atomic_fetch_add(1, v)
#define atomic_fetch_dec(v)		atomic_fetch_sub(1, v)
#define atomic_dec_and_test(v)		(atomic_dec_return(v) == 0)
#define atomic_inc_and_test(v)		(atomic_inc_return(v) == 0)

#define atomic_xchg(v, i)		xchg(&(v)->counter, i)
#define atomic_cmpxchg(v, o, n)		cmpxchg(&(v)->counter, o, n)
#define atomic_cmpxchg_acquire(v, o, n)	cmpxchg_acquire(&(v)->counter, o, n)
#define atomic_cmpxchg_relaxed(v, o, n)	cmpxchg_relaxed(&(v)->counter, o, n)
#define atomic_try_cmpxchg(v, op, n)	try_cmpxchg(&(v)->counter, op, n)

#endif
