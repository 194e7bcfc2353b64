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
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static DECLARE_COMPLETION(comp_b);

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
	scenario_init_mutexes_a();

	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(timeout_cycle_init, "DEPT scenario: a cycle through a wait with a timeout");
