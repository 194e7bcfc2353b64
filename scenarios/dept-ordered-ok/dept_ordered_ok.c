// SPDX-License-Identifier: GPL-2.0
/*
 *   locker                  waiter                      completer
 *   mutex_lock(A)           wait_for_completion(B)
 *   mutex_lock(B)                                       mutex_lock(A)
 *                                                       mutex_lock(B)
 *                                                       complete(B)
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static DEFINE_MUTEX(mutex_a);
static DEFINE_MUTEX(mutex_b);
static DECLARE_COMPLETION(comp_b);

static void lock_a_then_b(void)
{
	mutex_lock(&mutex_a);
	mutex_lock(&mutex_b);
	mutex_unlock(&mutex_b);
	mutex_unlock(&mutex_a);
}

static void locker(void)
{
	lock_a_then_b();
}

static void waiter(void)
{
	wait_for_completion(&comp_b);
}

static void completer(void)
{
	lock_a_then_b();
	complete(&comp_b);
}

static struct scenario_thread threads[] = {
	{ .fn = locker }, { .fn = waiter }, { .fn = completer },
};

static int __init ordered_init(void)
{
	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_wait_sleeping(&threads[1]);
	scenario_start(&threads[2]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(ordered_init, "DEPT scenario: consistent order and an unlocked wait");
