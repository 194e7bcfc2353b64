// SPDX-License-Identifier: GPL-2.0
/*
 *   sleeper                        waker
 *   mutex_lock(A)
 *   wait_event(wq, ready)
 *                                  mutex_lock(A)   <- deadlock
 *                                  ready = true; wake_up(wq)
 */
#include <linux/mutex.h>
#include <linux/wait.h>
#include "scenario_threads.h"

static struct mutex held_a, taken_a;
static DECLARE_WAIT_QUEUE_HEAD(wq);
static bool ready;

static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

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
	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(waitqueue_mutex_init, "DEPT scenario: waitqueue sleep under a mutex its waker takes");
