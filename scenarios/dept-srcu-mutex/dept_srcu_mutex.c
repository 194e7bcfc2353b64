// SPDX-License-Identifier: GPL-2.0
/*
 *   reader                           updater
 *   srcu_read_lock(srcu_b)
 *                                    mutex_lock(A)
 *                                    synchronize_srcu(srcu_b)
 *   mutex_lock(A)   <- deadlock
 *   srcu_read_unlock(srcu_b)
 *
 * Run one after the other, the reader first, on two mutexes of A's
 * class, so that nothing deadlocks.  srcu_b is static: its DEPT map
 * comes from the static initialiser.
 */
#include <linux/srcu.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

DEFINE_STATIC_SRCU(srcu_b);

static void reader(void)
{
	int idx = srcu_read_lock(&srcu_b);

	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	srcu_read_unlock(&srcu_b, idx);
}

static void updater(void)
{
	mutex_lock(&held_a);
	synchronize_srcu(&srcu_b);
	mutex_unlock(&held_a);
}

static int __init srcu_mutex_init(void)
{
	scenario_init_mutexes_a();
	reader();
	updater();
	return 0;
}
SCENARIO_MODULE(srcu_mutex_init, "DEPT scenario: synchronize_srcu() under a mutex an SRCU reader takes");
