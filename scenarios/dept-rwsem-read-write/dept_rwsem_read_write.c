// SPDX-License-Identifier: GPL-2.0
/*
 *   reader                         completer
 *   down_read(R)
 *   wait_for_completion(B)
 *                                  down_write(R)   <- deadlock
 *                                  complete(B)
 */
#include <linux/completion.h>
#include <linux/rwsem.h>
#include "scenario_threads.h"

static struct rw_semaphore held_r, taken_r;
static DECLARE_COMPLETION(comp_b);

/* one call site of init_rwsem(): one class for both semaphores */
static void init_rwsem_r(struct rw_semaphore *rwsem_r)
{
	init_rwsem(rwsem_r);
}

static void reader(void)
{
	down_read(&held_r);
	wait_for_completion(&comp_b);
	up_read(&held_r);
}

static void completer(void)
{
	down_write(&taken_r);
	up_write(&taken_r);
	complete(&comp_b);
}

static struct scenario_thread threads[] = {
	{ .fn = reader }, { .fn = completer },
};

static int __init rwsem_read_write_init(void)
{
	init_rwsem_r(&held_r);
	init_rwsem_r(&taken_r);

	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(rwsem_read_write_init, "DEPT scenario: read-held rwsem across a wait its completer needs for write");
