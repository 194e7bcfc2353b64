// SPDX-License-Identifier: GPL-2.0
/*
 * Booted with dept_pool_objs=64, so every DEPT pool holds 64 objects and
 * refills by 64.  A chain of mutexes, each of a class of its own, taken
 * two at a time (link[i] then link[i + 1]), needs hundreds of classes,
 * dependencies, waits and stacks: several refills of each pool.  The
 * chain has no cycle.  Loaded again with close_cycle=1, it runs one cycle
 * that DEPT must report as usual.
 *
 * The refill is a work item: the thread sleeps a little after each step
 * so that the work item gets to run even on one CPU without preemption.
 * The rest of the kernel keeps drawing on the same 64 objects, so a step
 * may find a pool empty and go untracked; run.sh waits for the pools to
 * be refilled before it loads the module for the cycle, whose dependencies
 * must not be lost that way.
 */
#include <linux/moduleparam.h>
#include "scenario_completion_cycle.h"

#define NR_LINKS 256

static struct mutex link[NR_LINKS];
static struct lock_class_key link_key[NR_LINKS];

static bool close_cycle;
module_param(close_cycle, bool, 0444);
MODULE_PARM_DESC(close_cycle, "run the completion/mutex cycle instead of the chain");

static int __init pool_refill_init(void)
{
	int i;

	if (close_cycle) {
		scenario_completion_cycle();
		return 0;
	}
	for (i = 0; i < NR_LINKS; i++) {
		mutex_init(&link[i]);
		lockdep_set_class(&link[i], &link_key[i]);
	}
	for (i = 0; i + 1 < NR_LINKS; i++) {
		mutex_lock(&link[i]);
		mutex_lock(&link[i + 1]);
		mutex_unlock(&link[i + 1]);
		mutex_unlock(&link[i]);
		usleep_range(1000, 2000);
	}
	return 0;
}
SCENARIO_MODULE(pool_refill_init, "DEPT scenario: hundreds of classes with tiny pools, then a cycle");
