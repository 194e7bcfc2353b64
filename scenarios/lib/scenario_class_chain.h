/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A module that needs many DEPT objects, for scenarios about DEPT's
 * pools: a chain of mutexes, each of a class of its own, taken two at a
 * time in one order (link[i] then link[i + 1]), so that it asks for
 * hundreds of classes, dependencies, waits and stacks and has no cycle.
 * Loaded with close_cycle=1, the module runs the cycle of
 * scenario_completion_cycle.h instead.
 *
 * A pool refill is a work item: the thread sleeps a little after each
 * step so that the work item gets to run even on one CPU without
 * preemption.
 */

#ifndef __SCENARIO_CLASS_CHAIN_H
#define __SCENARIO_CLASS_CHAIN_H

#include <linux/delay.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include "scenario_completion_cycle.h"

static bool close_cycle;
module_param(close_cycle, bool, 0444);
MODULE_PARM_DESC(close_cycle, "run the completion/mutex cycle instead of the chain");

static void scenario_class_chain(struct mutex *link, struct lock_class_key *key, int nr)
{
	int i;

	for (i = 0; i < nr; i++) {
		mutex_init(&link[i]);
		lockdep_set_class(&link[i], &key[i]);
	}
	for (i = 0; i + 1 < nr; i++) {
		mutex_lock(&link[i]);
		mutex_lock(&link[i + 1]);
		mutex_unlock(&link[i + 1]);
		mutex_unlock(&link[i]);
		usleep_range(1000, 2000);
	}
}

/* The module: a chain of @nr links, or the cycle with close_cycle=1. */
#define SCENARIO_CLASS_CHAIN_MODULE(nr, desc)				\
	static struct mutex chain_link[nr];				\
	static struct lock_class_key chain_key[nr];			\
	static int __init chain_init(void)				\
	{								\
		if (close_cycle)					\
			scenario_completion_cycle();			\
		else							\
			scenario_class_chain(chain_link, chain_key, nr); \
		return 0;						\
	}								\
	SCENARIO_MODULE(chain_init, desc)

#endif /* __SCENARIO_CLASS_CHAIN_H */
