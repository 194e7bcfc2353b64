// SPDX-License-Identifier: GPL-2.0
/*
 * flush_work() under a mutex that the flushed work takes, lockdep's own
 * example of a workqueue deadlock:
 *
 *   flusher                        worker
 *   mutex_lock(A)
 *   queue_work(flushed_work)
 *   flush_work(flushed_work)
 *                                  flushed_fn()
 *                                    mutex_lock(A)   <- deadlock
 *
 * The work takes a second mutex of the same class as the flusher's, so
 * the pattern runs to its end.  The work is queued under the mutex and
 * flushed at once: it is pending or running when the flush looks, which
 * is when lockdep and DEPT see the flush as a wait for it.
 */
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include "scenario_threads.h"

static struct mutex held_a, taken_a;
static struct work_struct flushed_work;

/* one call site of mutex_init(): one class for both mutexes */
static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void flushed_fn(struct work_struct *work)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
}

static void flusher(void)
{
	mutex_lock(&held_a);
	queue_work(system_wq, &flushed_work);
	flush_work(&flushed_work);
	mutex_unlock(&held_a);
}

static struct scenario_thread threads[] = { { .fn = flusher } };

static int __init flush_work_mutex_init(void)
{
	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);
	INIT_WORK(&flushed_work, flushed_fn);

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(flush_work_mutex_init, "DEPT scenario: flush_work() under a mutex the work takes");
