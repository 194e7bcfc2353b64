// SPDX-License-Identifier: GPL-2.0
/*
 *   waiter                     completer
 *   mutex_lock(A)
 *   wait_for_completion(B)
 *                              mutex_lock(A)   <- deadlock
 *                              complete(B)
 *
 * The completer takes a second mutex of the same class as the waiter's,
 * so the pattern runs to its end without blocking.
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex held_a, taken_a;
static DECLARE_COMPLETION(comp_b);

/* one call site of mutex_init(): one class for both mutexes */
static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void waiter(void)
{
	mutex_lock(&held_a);
	wait_for_completion(&comp_b);
	mutex_unlock(&held_a);
}

static void completer(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	complete(&comp_b);
}

static struct scenario_thread threads[] = {
	{ .fn = waiter }, { .fn = completer },
};

static int __init completion_mutex_init(void)
{
	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(completion_mutex_init, "DEPT scenario: completion waited under a mutex its completer takes");
