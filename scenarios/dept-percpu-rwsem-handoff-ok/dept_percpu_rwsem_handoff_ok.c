// SPDX-License-Identifier: GPL-2.0
/*
 * The hand-off of aio writes (fs/aio.c, include/linux/fs.h): the
 * submitter takes sb_writers for read, hands it over with
 * percpu_rwsem_release(), and the completion takes it back with
 * percpu_rwsem_acquire() and releases it, in another context.  Two
 * submissions in a row are two read holds handed off by one task.
 *
 *   submitter                          completion work
 *   percpu_down_read(S)
 *   percpu_rwsem_release(S)
 *   queue_work(first)
 *   percpu_down_read(S)                percpu_rwsem_acquire(S)
 *   percpu_rwsem_release(S)            percpu_up_read(S)
 *   queue_work(second)
 *                                      percpu_rwsem_acquire(S)
 *                                      percpu_up_read(S)
 */
#include <linux/atomic.h>
#include <linux/percpu-rwsem.h>
#include <linux/workqueue.h>
#include "scenario_threads.h"

static struct percpu_rw_semaphore handed_sem;
static struct work_struct completions[2];
static atomic_t completed = ATOMIC_INIT(0);

static void complete_fn(struct work_struct *work)
{
	percpu_rwsem_acquire(&handed_sem, true, _THIS_IP_);
	percpu_up_read(&handed_sem);
	atomic_inc(&completed);
}

static void submitter(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(completions); i++) {
		percpu_down_read(&handed_sem);
		percpu_rwsem_release(&handed_sem, _THIS_IP_);
		queue_work(system_wq, &completions[i]);
	}
	for (i = 0; i < ARRAY_SIZE(completions); i++)
		flush_work(&completions[i]);
}

static struct scenario_thread threads[] = { { .fn = submitter } };

static int __init percpu_rwsem_handoff_init(void)
{
	int i, err;

	err = percpu_init_rwsem(&handed_sem);
	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(completions); i++)
		INIT_WORK(&completions[i], complete_fn);

	scenario_start(&threads[0]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	pr_info("dept-percpu-rwsem-handoff-ok: %d hand-offs completed\n",
		atomic_read(&completed));
	percpu_free_rwsem(&handed_sem);
	return 0;
}
SCENARIO_MODULE(percpu_rwsem_handoff_init, "DEPT scenario: percpu rwsem read holds handed to a work, as aio writes do");
