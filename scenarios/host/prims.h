/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synchronisation primitives as DEPT sees them in the kernel, built on
 * the public API only: a lock is the LDT annotation lockdep's macros
 * carry (seed patch 005); a completion, a waitqueue and a swait queue
 * are a staged sleep (sdt_might_sleep_start/end) around the host
 * scheduler's sleep, woken by try_to_wake_up()'s event.
 *
 * Locks here are annotations only: the cases order their tasks with
 * steps, which is what lets them take locks in a deadlocking order
 * without deadlocking.  The soak takes real mutexes as well.
 *
 * Macros, not functions, where the call site matters: the waitqueue
 * and swait classes are their call sites, and _THIS_IP_ is the case's.
 */
#ifndef _HOST_TEST_PRIMS_H
#define _HOST_TEST_PRIMS_H

#include <linux/kernel.h>
#include <linux/dept_ldt.h>
#include <linux/dept_sdt.h>
#include <linux/irqflags.h>
#include <host/runtime.h>

/* A lock of its own class, or of @key's class when @key is given. */
struct tlock {
	struct dept_map		dmap;
};

#define tlock_init(l, key, name)	ldt_init(&(l)->dmap, key, 0, name)
#define tlock_lock_nested(l, sub)	ldt_lock(&(l)->dmap, sub, 0, NULL, _THIS_IP_)
#define tlock_lock(l)			tlock_lock_nested(l, 0)
#define tlock_trylock(l)		ldt_lock(&(l)->dmap, 0, 1, NULL, _THIS_IP_)
/* under the nest lock @n: ww_mutex_lock() with a context, *_nest_lock() */
#define tlock_lock_nest(l, n)		ldt_lock(&(l)->dmap, 0, 0, &(n)->dmap, _THIS_IP_)
#define tlock_unlock(l)			ldt_unlock(&(l)->dmap, _THIS_IP_)
/* @queued: a reader waits for readers too (a queued rwlock, an rwsem) */
#define tlock_read(l, queued)		ldt_rlock(&(l)->dmap, 0, 0, NULL, _THIS_IP_, queued)
#define tlock_write(l)			ldt_wlock(&(l)->dmap, 0, 0, NULL, _THIS_IP_)

/*
 * A lock taken and released as lockdep's own entry takes it with DEPT
 * (lock_acquire_dept(), lock_release_dept()): DEPT's _irqsoff entries,
 * IRQs disabled around them by the caller.
 */
#define tlock_lock_in_lockdep(l)					\
do {									\
	unsigned long __flags;						\
									\
	raw_local_irq_save(__flags);					\
	dept_ldt_acquire_irqsoff(&(l)->dmap, LDT_LOCK, 0, false, NULL,	\
				 _THIS_IP_, __flags);			\
	raw_local_irq_restore(__flags);					\
} while (0)
#define tlock_unlock_in_lockdep(l)					\
do {									\
	unsigned long __flags;						\
									\
	raw_local_irq_save(__flags);					\
	dept_ldt_release_irqsoff(&(l)->dmap, _THIS_IP_, __flags);	\
	raw_local_irq_restore(__flags);					\
} while (0)

/*
 * A bit lock as DEPT follows the folio and buffer locks: every instance
 * shares the map of its class, and has a wgen and a place in an ordered
 * set of its own (a file's folios, by index).
 */
struct tbitlock {
	struct dept_ext_wgen	wgen;
	struct dept_instance	inst;
};

/* taken at once: the wait and the event request in one call */
#define tbitlock_lock(m, l)						\
	dept_wait_request_instance(m, 1UL, _THIS_IP_, "tbitlock_lock",	\
				   &(l)->inst, &(l)->wgen)
/* taken after a sleep: the wait, then the request */
#define tbitlock_lock_slow(m, l)					\
do {									\
	dept_wait_instance(m, 1UL, _THIS_IP_, "tbitlock_lock", -1L,	\
			   &(l)->inst);					\
	dept_request_event(m, &(l)->wgen);				\
} while (0)
#define tbitlock_unlock(m, l)						\
	dept_event_instance(m, 1UL, _THIS_IP_, "tbitlock_unlock",	\
			    &(l)->wgen, &(l)->inst)

/* A completion: its waiters form the class named by its map. */
struct tcompletion {
	struct dept_map		dmap;
	struct host_waitq	wq;
};

#define tcompletion_init(c, name)					\
do {									\
	dept_map_init(&(c)->dmap, NULL, 0, name);			\
	host_waitq_init(&(c)->wq);			\
} while (0)

#define wait_for_completion(c)						\
do {									\
	sdt_might_sleep_start(&(c)->dmap);				\
	host_schedule(&(c)->wq);					\
	sdt_might_sleep_end();						\
} while (0)

#define complete(c)			host_wake_up(&(c)->wq)

/*
 * A waitqueue or a swait queue: the sleep is the class of its call
 * site (<sched>); preparing to sleep and waking take the queue's lock.
 */
struct twaitq {
	struct tlock		lock;
	struct host_waitq	wq;
};

#define twaitq_init(q, name)						\
do {									\
	tlock_init(&(q)->lock, NULL, name);				\
	host_waitq_init(&(q)->wq);			\
} while (0)

#define twait_event(q)							\
do {									\
	sdt_might_sleep_start(NULL);					\
	tlock_lock(&(q)->lock);						\
	tlock_unlock(&(q)->lock);					\
	host_schedule(&(q)->wq);					\
	sdt_might_sleep_end();						\
} while (0)

#define twake_up(q)							\
do {									\
	tlock_lock(&(q)->lock);						\
	host_wake_up(&(q)->wq);						\
	tlock_unlock(&(q)->lock);					\
} while (0)

/* Block until a task sleeps on the completion or queue. */
#define await_sleeper(wqp)		host_waitq_await_sleeper(wqp)

#endif
