/* SPDX-License-Identifier: GPL-2.0 */
/* Memory barriers and release/acquire accesses (marked accesses). */
#ifndef _HOST_ASM_BARRIER_H
#define _HOST_ASM_BARRIER_H

#include <linux/compiler.h>

#define mb()			__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define rmb()			__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define wmb()			__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb()		mb()
#define smp_rmb()		rmb()
#define smp_wmb()		wmb()
#define smp_mb__before_atomic()	smp_mb()
#define smp_mb__after_atomic()	smp_mb()

#define smp_store_release(p, v)						\
do {									\
	__typeof__(*(p)) __s1 = (v);					\
									\
	host_marked_begin();						\
	__atomic_store_n(p, __s1, __ATOMIC_RELEASE);			\
	host_marked_end();						\
} while (0)

#define smp_load_acquire(p)						\
({									\
	host_marked_begin();						\
	__auto_type __l1 = __atomic_load_n(p, __ATOMIC_ACQUIRE);	\
	host_marked_end();						\
	__l1;								\
})

#endif
