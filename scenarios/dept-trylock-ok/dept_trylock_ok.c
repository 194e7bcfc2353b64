// SPDX-License-Identifier: GPL-2.0
/*
 *   ab                         ba
 *   mutex_lock(A)
 *   mutex_lock(B)
 *                              mutex_lock(B)
 *                              mutex_trylock(A)   never blocks
 */
#include <linux/mutex.h>
#include "scenario_threads.h"

static DEFINE_MUTEX(mutex_a);
static DEFINE_MUTEX(mutex_b);

static void ab(void)
{
	mutex_lock(&mutex_a);
	mutex_lock(&mutex_b);
	mutex_unlock(&mutex_b);
	mutex_unlock(&mutex_a);
}

static void ba(void)
{
	mutex_lock(&mutex_b);
	if (mutex_trylock(&mutex_a))
		mutex_unlock(&mutex_a);
	else
		pr_err("dept-trylock-ok: mutex_a unexpectedly busy\n");
	mutex_unlock(&mutex_b);
}

static struct scenario_thread threads[] = {
	{ .fn = ab }, { .fn = ba },
};

static int __init trylock_init(void)
{
	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(trylock_init, "DEPT scenario: ABBA with a trylock");
