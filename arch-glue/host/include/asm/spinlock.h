/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch_spinlock_t is a mutex on the host: same exclusion, and a lock
 * that DRD knows.  @locked answers arch_spin_is_locked().
 */
#ifndef _HOST_ASM_SPINLOCK_H
#define _HOST_ASM_SPINLOCK_H

#include <pthread.h>
#include <linux/compiler.h>

typedef struct {
	pthread_mutex_t		lock;
	int			locked;
} arch_spinlock_t;

#define __ARCH_SPIN_LOCK_UNLOCKED	{ PTHREAD_MUTEX_INITIALIZER, 0 }

static inline void arch_spin_lock(arch_spinlock_t *l)
{
	pthread_mutex_lock(&l->lock);
	WRITE_ONCE(l->locked, 1);
}

static inline int arch_spin_trylock(arch_spinlock_t *l)
{
	if (pthread_mutex_trylock(&l->lock))
		return 0;
	WRITE_ONCE(l->locked, 1);
	return 1;
}

static inline void arch_spin_unlock(arch_spinlock_t *l)
{
	WRITE_ONCE(l->locked, 0);
	pthread_mutex_unlock(&l->lock);
}

static inline int arch_spin_is_locked(arch_spinlock_t *l)
{
	return READ_ONCE(l->locked);
}

#endif
