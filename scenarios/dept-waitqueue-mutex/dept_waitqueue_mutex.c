// SPDX-License-Identifier: GPL-2.0
/*
 *   sleeper                        waker
 *   mutex_lock(A)
 *   wait_event(wq, ready)
 *                                  mutex_lock(A)   <- deadlock
 *                                  ready = true; wake_up(wq)
 */
#include <linux/wait.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static DECLARE_WAIT_QUEUE_HEAD(wq);
static bool ready;

static void sleeper(void)
{
	mutex_lock(&held_a);
	wait_event(wq, READ_ONCE(ready));
	mutex_unlock(&held_a);
}

static void waker(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	WRITE_ONCE(ready, true);
	wake_up(&wq);
}

static struct scenario_thread threads[] = {
	{ .fn = sleeper }, { .fn = waker },
};

static int __init waitqueue_mutex_init(void)
{
	scenario_init_mutexes_a();

	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(waitqueue_mutex_init, "DEPT scenario: waitqueue sleep under a mutex its waker takes");
