// SPDX-License-Identifier: GPL-2.0
/*
 * Loaded while every allocation under DEPT's pool refill fails: NR_CLASSES
 * mutexes, each of a class of its own, taken two at a time in one order,
 * need far more classes and dependencies than the 64 objects a pool holds
 * under dept_pool_objs=64, so DEPT asks for a refill, which fails.  The
 * thread sleeps a little after each step so that the refill's work item
 * runs even on one CPU.  Loaded again with close_cycle=1, it runs the
 * completion/mutex cycle, which a stopped DEPT must not report.
 */
#include <linux/moduleparam.h>
#include "scenario_completion_cycle.h"

#define NR_CLASSES 128

static struct mutex chain[NR_CLASSES];
static struct lock_class_key chain_key[NR_CLASSES];

static bool close_cycle;
module_param(close_cycle, bool, 0444);
MODULE_PARM_DESC(close_cycle, "run the completion/mutex cycle instead of the classes");

static int __init faults_init(void)
{
	int i;

	if (close_cycle) {
		scenario_completion_cycle();
		return 0;
	}
	for (i = 0; i < NR_CLASSES; i++) {
		mutex_init(&chain[i]);
		lockdep_set_class(&chain[i], &chain_key[i]);
	}
	for (i = 0; i + 1 < NR_CLASSES; i++) {
		mutex_lock(&chain[i]);
		mutex_lock(&chain[i + 1]);
		mutex_unlock(&chain[i + 1]);
		mutex_unlock(&chain[i]);
		usleep_range(1000, 2000);
	}
	return 0;
}
SCENARIO_MODULE(faults_init, "DEPT scenario: pools that cannot be refilled");
