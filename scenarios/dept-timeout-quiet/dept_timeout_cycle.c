// SPDX-License-Identifier: GPL-2.0
/*
 * dept-completion-mutex with a timed wait (shared by dept-timeout-quiet
 * and dept-timeout-aggressive, which boot with different parameters):
 *
 *   waiter                            completer
 *   mutex_lock(A)
 *   wait_for_completion_timeout(B)
 *                                     mutex_lock(A)   <- stalls until
 *                                     complete(B)        the timeout
 *
 * The completer takes a second mutex of the same class as the waiter's,
 * so the pattern runs to its end without stalling.
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
	if (!wait_for_completion_timeout(&comp_b, 30 * HZ))
		pr_err("dept-timeout: the completion timed out\n");
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

static int __init timeout_cycle_init(void)
{
	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(timeout_cycle_init, "DEPT scenario: a cycle through a wait with a timeout");
