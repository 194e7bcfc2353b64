// SPDX-License-Identifier: GPL-2.0
/*
 * The correct twins of dept-flush-work-mutex and
 * dept-flush-workqueue-mutex: the work takes the mutex, and the flusher
 * flushes the work and the workqueue with nothing held, then takes the
 * mutex after the flushes.
 *
 *   flusher                        worker
 *   queue_work(wq, flushed_work)
 *   flush_work(flushed_work)
 *                                  flushed_fn()
 *                                    mutex_lock(A)
 *   queue_work(wq, flushed_work)
 *   flush_workqueue(wq)
 *   mutex_lock(A)
 */
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include "scenario_threads.h"

static DEFINE_MUTEX(mutex_a);
static struct work_struct flushed_work;
static struct workqueue_struct *dept_flush_wq;

static void flushed_fn(struct work_struct *work)
{
	mutex_lock(&mutex_a);
	mutex_unlock(&mutex_a);
}

static void flusher(void)
{
	queue_work(dept_flush_wq, &flushed_work);
	flush_work(&flushed_work);
	queue_work(dept_flush_wq, &flushed_work);
	flush_workqueue(dept_flush_wq);
	mutex_lock(&mutex_a);
	mutex_unlock(&mutex_a);
}

static struct scenario_thread threads[] = { { .fn = flusher } };

static int __init flush_work_ok_init(void)
{
	dept_flush_wq = alloc_workqueue("dept_flush_wq", 0, 0);
	if (!dept_flush_wq)
		return -ENOMEM;
	INIT_WORK(&flushed_work, flushed_fn);

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	destroy_workqueue(dept_flush_wq);
	return 0;
}
SCENARIO_MODULE(flush_work_ok_init, "DEPT scenario: flushes with nothing held, the work taking a mutex");
