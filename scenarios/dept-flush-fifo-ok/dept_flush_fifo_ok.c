// SPDX-License-Identifier: GPL-2.0
/*
 * Two flushers of one workqueue, served in order:
 *
 *   first                      second                 the module
 *   flush_workqueue(wq)
 *     sleeps (first flusher)
 *                              flush_workqueue(wq)
 *                                sleeps (queued)
 *                                                     wake_up_process(first)
 *     sleeps again
 *                                                     lets the work end
 *     its turn: complete(second's done)
 *                                returns
 *
 * The work is held up by polling a flag with msleep(), which no detector
 * sees, so the work itself adds no dependency.
 */
#include <linux/workqueue.h>
#include "scenario_threads.h"

static struct workqueue_struct *fifo_wq;
static struct work_struct held_work;
static bool release_work;

static void held_fn(struct work_struct *work)
{
	while (!smp_load_acquire(&release_work))
		msleep(1);
}

static void flush(void)
{
	flush_workqueue(fifo_wq);
}

static struct scenario_thread flushers[] = { { .fn = flush }, { .fn = flush } };

static int __init flush_fifo_init(void)
{
	fifo_wq = alloc_workqueue("dept_fifo_wq", 0, 0);
	if (!fifo_wq)
		return -ENOMEM;
	INIT_WORK(&held_work, held_fn);
	queue_work(fifo_wq, &held_work);

	scenario_start(&flushers[0]);
	scenario_wait_sleeping(&flushers[0]);
	scenario_start(&flushers[1]);
	scenario_wait_sleeping(&flushers[1]);
	/* not its turn yet: it goes back to sleep */
	wake_up_process(flushers[0].task);
	scenario_wait_sleeping(&flushers[0]);

	smp_store_release(&release_work, true);
	scenario_finish(flushers, ARRAY_SIZE(flushers));
	pr_info("dept-flush-fifo-ok: both flushers returned\n");
	destroy_workqueue(fifo_wq);
	return 0;
}
SCENARIO_MODULE(flush_fifo_init, "DEPT scenario: two flushers of one workqueue served in order");
