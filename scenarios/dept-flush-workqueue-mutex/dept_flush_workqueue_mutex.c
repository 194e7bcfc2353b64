// SPDX-License-Identifier: GPL-2.0
/*
 * flush_workqueue() under a mutex that a work of the workqueue takes:
 *
 *   flusher                        worker of dept_flush_wq
 *   mutex_lock(A)
 *   queue_work(dept_flush_wq, queued_work)
 *   flush_workqueue(dept_flush_wq)
 *                                  queued_fn()
 *                                    mutex_lock(A)   <- deadlock
 *
 * The work takes a second mutex of the same class as the flusher's, so
 * the pattern runs to its end.
 */
#include <linux/workqueue.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct work_struct queued_work;
static struct workqueue_struct *dept_flush_wq;

static void queued_fn(struct work_struct *work)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
}

static void flusher(void)
{
	mutex_lock(&held_a);
	queue_work(dept_flush_wq, &queued_work);
	flush_workqueue(dept_flush_wq);
	mutex_unlock(&held_a);
}

static struct scenario_thread threads[] = { { .fn = flusher } };

static int __init flush_workqueue_mutex_init(void)
{
	dept_flush_wq = alloc_workqueue("dept_flush_wq", 0, 0);
	if (!dept_flush_wq)
		return -ENOMEM;
	scenario_init_mutexes_a();
	INIT_WORK(&queued_work, queued_fn);

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	destroy_workqueue(dept_flush_wq);
	return 0;
}
SCENARIO_MODULE(flush_workqueue_mutex_init, "DEPT scenario: flush_workqueue() under a mutex a work of it takes");
