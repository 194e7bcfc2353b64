// SPDX-License-Identifier: GPL-2.0
/*
 * A buffer lock and a mutex taken in opposite orders:
 *
 *   locker                         waiter
 *   lock_buffer(bh)
 *                                  mutex_lock(A)
 *   mutex_lock(A)   <- deadlock
 *                                  lock_buffer(bh)   <- deadlock
 *
 * The two run one after the other (the waiter takes a second mutex of
 * the same class, and the buffer when the locker has let it go), so
 * nothing blocks: the dependencies are the same whether or not a task
 * sleeps.
 */
#include <linux/buffer_head.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct buffer_head *bh;

static void locker(void)
{
	lock_buffer(bh);
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	unlock_buffer(bh);
}

static void waiter(void)
{
	mutex_lock(&held_a);
	lock_buffer(bh);
	unlock_buffer(bh);
	mutex_unlock(&held_a);
}

static struct scenario_thread threads[] = {
	{ .fn = locker }, { .fn = waiter },
};

static int __init buffer_lock_mutex_init(void)
{
	bh = alloc_buffer_head(GFP_KERNEL);
	if (!bh)
		return -ENOMEM;
	scenario_init_mutexes_a();

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	free_buffer_head(bh);
	return 0;
}
SCENARIO_MODULE(buffer_lock_mutex_init, "DEPT scenario: a buffer lock and a mutex in opposite orders");
