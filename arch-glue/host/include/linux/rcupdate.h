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
#include <linux/hash.h>
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
 *
 * DRD is told of it through one of 256 addresses (RCU_HB_CHANNEL_BITS),
 * picked by a hash of the pointer's address, not through that address.
 * For every address it is told of, DRD keeps each thread's history
 * segment of its latest publication there until the memory is freed
 * (never, for the pools); such a segment cannot be merged with its
 * neighbours, nor discarded while a thread sleeps, and DRD walks every
 * live segment each few new ones.  One address per published pointer
 * (hash buckets, a class's dependency lists, its site stacks) kept one
 * segment each: the stage's cost grew with the square of the number of
 * classes, internals.pool_refill's 24 576 ran out of their 20 minutes.
 * Sharing the addresses orders a reader after the writer's latest
 * publication on the channel, which may be another pointer's: that can
 * hide a race, never report one that is not there.
 */
#define RCU_HB_CHANNEL_BITS	8
extern char rcu_hb_channels[1 << RCU_HB_CHANNEL_BITS];
#define rcu_hb_channel(pp)						\
	(rcu_hb_channels + hash_ptr(pp, RCU_HB_CHANNEL_BITS))

#define rcu_assign_pointer(p, v)					\
do {									\
	ANNOTATE_HAPPENS_BEFORE(rcu_hb_channel(&(p)));			\
	smp_store_release(&(p), v);					\
} while (0)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)

/* Dependency ordering, which the builtins' acquire load gives. */
#define rcu_dereference(p)						\
({									\
	__auto_type __rd_p = smp_load_acquire(&(p));			\
									\
	ANNOTATE_HAPPENS_AFTER(rcu_hb_channel(&(p)));			\
	__rd_p;								\
})
#define rcu_dereference_raw(p)		rcu_dereference(p)
#define rcu_dereference_check(p, c)	rcu_dereference(p)
#define rcu_dereference_protected(p, c)	(p)

#endif
