/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two mutexes of one class, mutex_a, for the scenarios whose cycle runs
 * through a mutex: one side holds held_a across its wait, the other takes
 * taken_a where it would take the first one, so the dangerous pattern
 * runs to its end without deadlocking, and DEPT and lockdep see one class.
 */

#ifndef __SCENARIO_MUTEX_A_H
#define __SCENARIO_MUTEX_A_H

#include <linux/mutex.h>

static struct mutex held_a, taken_a;

/* one call site of mutex_init(): one class, named mutex_a, for both */
static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static inline void scenario_init_mutexes_a(void)
{
	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);
}

#endif /* __SCENARIO_MUTEX_A_H */
