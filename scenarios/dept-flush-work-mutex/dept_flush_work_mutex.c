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
#include <linux/workqueue.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct work_struct flushed_work;

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
	scenario_init_mutexes_a();
	INIT_WORK(&flushed_work, flushed_fn);

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(flush_work_mutex_init, "DEPT scenario: flush_work() under a mutex the work takes");
