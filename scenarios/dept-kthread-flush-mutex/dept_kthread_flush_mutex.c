// SPDX-License-Identifier: GPL-2.0
/*
 * kthread_flush_work() under a mutex that the flushed kthread work takes:
 *
 *   flusher                        kthread worker
 *   mutex_lock(A)
 *   kthread_queue_work(kwork)
 *   kthread_flush_work(kwork)
 *                                  kwork_fn()
 *                                    mutex_lock(A)   <- deadlock
 *
 * The work takes a second mutex of the same class as the flusher's, so
 * the pattern runs to its end.  Only a flush of a work that is queued or
 * running waits for it: with two CPUs, the worker could run kwork before
 * the flusher gets to the flush.  So a first work holds the worker until
 * the flusher sleeps in the flush.
 */
#include <linux/completion.h>
#include <linux/kthread.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct kthread_worker *kworker;
static struct kthread_work kwork;
static struct kthread_work hold_work;
static DECLARE_COMPLETION(hold_released);

static void hold_fn(struct kthread_work *work)
{
	wait_for_completion(&hold_released);
}

static void kwork_fn(struct kthread_work *work)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
}

static void flusher(void)
{
	mutex_lock(&held_a);
	kthread_queue_work(kworker, &kwork);
	kthread_flush_work(&kwork);
	mutex_unlock(&held_a);
}

static struct scenario_thread threads[] = { { .fn = flusher } };

static int __init kthread_flush_mutex_init(void)
{
	kworker = kthread_create_worker(0, "dept_kworker");
	if (IS_ERR(kworker))
		return PTR_ERR(kworker);
	scenario_init_mutexes_a();
	kthread_init_work(&kwork, kwork_fn);
	kthread_init_work(&hold_work, hold_fn);
	kthread_queue_work(kworker, &hold_work);

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	complete(&hold_released);
	scenario_finish(threads, ARRAY_SIZE(threads));
	kthread_destroy_worker(kworker);
	return 0;
}
SCENARIO_MODULE(kthread_flush_mutex_init, "DEPT scenario: kthread_flush_work() under a mutex the work takes");
