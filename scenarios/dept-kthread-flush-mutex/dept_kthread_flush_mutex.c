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
 * the pattern runs to its end.  The work is queued under the mutex and
 * flushed at once, while it is queued or running: only then does the
 * flush wait for it.
 */
#include <linux/kthread.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct kthread_worker *kworker;
static struct kthread_work kwork;

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

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	kthread_destroy_worker(kworker);
	return 0;
}
SCENARIO_MODULE(kthread_flush_mutex_init, "DEPT scenario: kthread_flush_work() under a mutex the work takes");
