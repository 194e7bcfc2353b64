// SPDX-License-Identifier: GPL-2.0
/*
 *   invalidation                     read side
 *                                    mutex_lock(A)
 *   invalidate() callback:           mmu_interval_read_begin()
 *     mutex_lock(A)   <- deadlock      waits for the invalidation
 *                                      to end
 *
 * (run one after the other, the invalidation first, on two mutexes of
 * A's class, so that nothing deadlocks).
 */
#include "scenario_mmu_notifier.h"

static struct mutex held_a;

static void read_side(void)
{
	mutex_lock(&held_a);
	mmu_interval_read_begin(&interval);
	mutex_unlock(&held_a);
}

static int __init dept_mmu_notifier_init(void)
{
	mn_init_mutex_a(&held_a);
	return scenario_mmu_notifier(read_side);
}
SCENARIO_MODULE(dept_mmu_notifier_init, "DEPT scenario: mmu_interval_read_begin() under a mutex the invalidation takes");
