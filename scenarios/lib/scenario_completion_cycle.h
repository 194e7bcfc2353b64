/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cycle of dept-completion-mutex, for scenarios that need one cycle
 * DEPT must report (and lockdep cannot see) on top of what they are about:
 *
 *   waiter                     completer
 *   mutex_lock(A)
 *   wait_for_completion(B)
 *                              mutex_lock(A)   <- deadlock
 *                              complete(B)
 *
 * The completer takes a second mutex of the same class as the waiter's,
 * so the pattern runs to its end.  The classes are named mutex_a and
 * comp_b; both keys live in the including module.
 */

#ifndef __SCENARIO_COMPLETION_CYCLE_H
#define __SCENARIO_COMPLETION_CYCLE_H

#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex cycle_held_a, cycle_taken_a;
static DECLARE_COMPLETION(comp_b);

/* one call site of mutex_init(): one class for both mutexes */
static void cycle_init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void cycle_waiter(void)
{
	mutex_lock(&cycle_held_a);
	wait_for_completion(&comp_b);
	mutex_unlock(&cycle_held_a);
}

static void cycle_completer(void)
{
	mutex_lock(&cycle_taken_a);
	mutex_unlock(&cycle_taken_a);
	complete(&comp_b);
}

/* Run the pattern once, in two threads; returns when both are done. */
static inline void scenario_completion_cycle(void)
{
	static struct scenario_thread threads[] = {
		{ .fn = cycle_waiter }, { .fn = cycle_completer },
	};

	cycle_init_mutex_a(&cycle_held_a);
	cycle_init_mutex_a(&cycle_taken_a);
	scenario_sleep_then_wake(threads);
}

#endif /* __SCENARIO_COMPLETION_CYCLE_H */
