/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU on the host.  A read-side critical section is a stretch with
 * preemption or IRQs disabled, which on the host means holding the
 * current virtual CPU (see host/cpu.h).  A grace period is then having
 * held every virtual CPU once: every reader that was inside has left.
 * Callbacks queued by call_rcu() run after a grace period, in the RCU
 * thread of the host runtime.
 */
#ifndef _HOST_LINUX_RCUPDATE_H
#define _HOST_LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <asm/barrier.h>
#include <host/annotate.h>

typedef void (*rcu_callback_t)(struct rcu_head *head);

void call_rcu(struct rcu_head *head, rcu_callback_t func);
void synchronize_rcu(void);
void rcu_barrier(void);

#define rcu_read_lock()		preempt_disable()
#define rcu_read_unlock()	preempt_enable()

/*
 * Publication is the one ordering DRD is told of (see host/annotate.h):
 * a reader that finds a pointer reads the object's plain fields, set
 * before publication, with no lock between writer and reader.
 */
#define rcu_assign_pointer(p, v)					\
do {									\
	ANNOTATE_HAPPENS_BEFORE(&(p));					\
	smp_store_release(&(p), v);					\
} while (0)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

/* Dependency ordering, which the builtins' acquire load gives. */
#define rcu_dereference(p)						\
({									\
	__auto_type __rd_p = smp_load_acquire(&(p));			\
									\
	ANNOTATE_HAPPENS_AFTER(&(p));					\
	__rd_p;								\
})
#define rcu_dereference_raw(p)		rcu_dereference(p)
#define rcu_dereference_check(p, c)	rcu_dereference(p)
#define rcu_dereference_protected(p, c)	(p)

#endif
