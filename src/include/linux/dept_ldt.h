/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lock Dependency Tracker: DEPT annotations for locks, placed in
 * lockdep's acquire and release macros.  Acquiring a lock is a wait for
 * the events (releases) of the classes that exclude it, followed by the
 * start of the lock's own event context, which the release ends.  An
 * acquisition under the nest lock @n (its dept_map, NULL for none) that
 * the nest lock serializes does not wait: see nest_covered() in
 * kernel/dependency/dept.c.
 */

#ifndef __LINUX_DEPT_LDT_H
#define __LINUX_DEPT_LDT_H

#include <linux/dept.h>

/*
 * What an acquisition is to DEPT, for dept_ldt_acquire(): which events
 * it waits for, and which its release is.  A lock's release is the
 * event of whoever waits to take it; a reader's release, of writers; a
 * writer's, of anyone.
 */
#define LDT_NONE			0U	/* a map only lockdep follows */
#define LDT_LOCK			1U	/* exclusive, any kind of lock */
#define LDT_RLOCK			2U	/* a reader waiting for writers */
#define LDT_RLOCK_Q			3U	/* a reader queued behind writers */
#define LDT_WLOCK			4U	/* a writer */

#ifdef CONFIG_DEPT
#define LDT_EVT_L			1UL
#define LDT_EVT_R			2UL
#define LDT_EVT_W			1UL
#define LDT_EVT_RW			(LDT_EVT_R | LDT_EVT_W)
#define LDT_EVT_ALL			(LDT_EVT_L | LDT_EVT_RW)

/*
 * A lock's acquisition @op (LDT_*) of @m, under the nest lock @n, as
 * trylock if @t: one entry into the engine.  Lockdep's acquire macros
 * enter it through lock_acquire_dept() instead, inside lockdep's own
 * entry; the _irqsoff() forms are for that caller, which has disabled
 * IRQs (their state before in @flags) and turned lockdep off for the
 * CPU.
 */
DEPT_HOOK(dept_ldt_acquire, (struct dept_map *m, unsigned int op, int sub_l, bool t, struct dept_map *n, unsigned long ip),
	  (m, op, sub_l, t, n, ip))
DEPT_HOOK(dept_ldt_acquire_irqsoff, (struct dept_map *m, unsigned int op, int sub_l, bool t, struct dept_map *n, unsigned long ip, unsigned long flags),
	  (m, op, sub_l, t, n, ip, flags))
DEPT_HOOK(dept_ldt_release_irqsoff, (struct dept_map *m, unsigned long ip, unsigned long flags),
	  (m, ip, flags))

#define ldt_init(m, k, su, n)		dept_map_init(m, k, su, n)
#define ldt_lock(m, sl, t, n, i)	dept_ldt_acquire(m, LDT_LOCK, sl, t, n, i)
#define ldt_rlock(m, sl, t, n, i, q)					\
	dept_ldt_acquire(m, (q) ? LDT_RLOCK_Q : LDT_RLOCK, sl, t, n, i)
#define ldt_wlock(m, sl, t, n, i)	dept_ldt_acquire(m, LDT_WLOCK, sl, t, n, i)
#define ldt_unlock(m, i)		dept_ecxt_exit(m, LDT_EVT_ALL, i)

#define ldt_downgrade(m, i)						\
	do {								\
		if (dept_ecxt_holding(m, LDT_EVT_W))			\
			dept_map_ecxt_modify(m, LDT_EVT_W, NULL, LDT_EVT_R, i, "downgrade", "read_unlock", -1);\
	} while (0)

#define ldt_set_class(m, n, k, sl, i)	dept_map_ecxt_modify(m, LDT_EVT_ALL, k, 0UL, i, "lock_set_class", "(any)unlock", sl)
#else /* !CONFIG_DEPT */
#define ldt_init(m, k, su, n)		do { (void)(k); } while (0)
#define ldt_lock(m, sl, t, n, i)	do { } while (0)
#define ldt_rlock(m, sl, t, n, i, q)	do { } while (0)
#define ldt_wlock(m, sl, t, n, i)	do { } while (0)
#define dept_ldt_acquire(m, op, sl, t, n, ip)	do { } while (0)
#define dept_ldt_acquire_irqsoff(m, op, sl, t, n, ip, f) do { } while (0)
#define dept_ldt_release_irqsoff(m, ip, f)	do { } while (0)
#define ldt_unlock(m, i)		do { } while (0)
#define ldt_downgrade(m, i)		do { } while (0)
#define ldt_set_class(m, n, k, sl, i)	do { } while (0)
#endif
#endif /* __LINUX_DEPT_LDT_H */
