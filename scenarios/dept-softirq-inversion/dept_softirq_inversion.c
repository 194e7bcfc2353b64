// SPDX-License-Identifier: GPL-2.0
/*
 *   softirq (timer)    process context            process context
 *   spin_lock(A)       spin_lock(B)  BHs on
 *                                                 spin_lock_bh(A)
 *                                                 spin_lock(B)
 */
#include <linux/spinlock.h>
#include "scenario_irq.h"
#include "scenario_threads.h"

static DEFINE_SPINLOCK(lock_a);
static DEFINE_SPINLOCK(lock_b);

static void take_a(void)
{
	spin_lock(&lock_a);
	spin_unlock(&lock_a);
}

static int __init softirq_inversion_init(void)
{
	scenario_in_softirq(take_a);

	spin_lock(&lock_b);
	spin_unlock(&lock_b);

	spin_lock_bh(&lock_a);
	spin_lock(&lock_b);
	spin_unlock(&lock_b);
	spin_unlock_bh(&lock_a);
	return 0;
}
SCENARIO_MODULE(softirq_inversion_init, "DEPT scenario: softirq-safe lock ordered before a softirq-unsafe one");
