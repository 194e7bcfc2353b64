// SPDX-License-Identifier: GPL-2.0
/*
 * The read side as mmu_notifier.h documents it: mmu_interval_read_begin()
 * first, then the lock the invalidate() callback takes, under which
 * mmu_interval_read_retry() tells whether an invalidation came in between.
 */
#include "scenario_mmu_notifier.h"

static struct mutex held_a;

static void read_side(void)
{
	unsigned long seq = mmu_interval_read_begin(&interval);

	mutex_lock(&held_a);
	if (mmu_interval_read_retry(&interval, seq))
		pr_info("scenario: an invalidation came in between\n");
	mutex_unlock(&held_a);
}

static int __init dept_mmu_notifier_ok_init(void)
{
	mn_init_mutex_a(&held_a);
	return scenario_mmu_notifier(read_side);
}
SCENARIO_MODULE(dept_mmu_notifier_ok_init, "DEPT scenario: mmu_interval_read_begin() before the mutex the invalidation takes");
