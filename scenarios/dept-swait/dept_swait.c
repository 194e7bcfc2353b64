// SPDX-License-Identifier: GPL-2.0
/*
 *   sleeper                        waker
 *   mutex_lock(A)
 *   swait_event_exclusive(wq, ready)
 *                                  mutex_lock(A)   <- deadlock
 *                                  ready = true; swake_up_one(wq)
 */
#include <linux/swait.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static DECLARE_SWAIT_QUEUE_HEAD(wq);
static bool ready;

static void sleeper(void)
{
	mutex_lock(&held_a);
	swait_event_exclusive(wq, READ_ONCE(ready));
	mutex_unlock(&held_a);
}

static void waker(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	WRITE_ONCE(ready, true);
	swake_up_one(&wq);
}

static struct scenario_thread threads[] = {
	{ .fn = sleeper }, { .fn = waker },
};

static int __init swait_mutex_init(void)
{
	scenario_init_mutexes_a();

	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(swait_mutex_init, "DEPT scenario: swait sleep under a mutex its waker takes");
