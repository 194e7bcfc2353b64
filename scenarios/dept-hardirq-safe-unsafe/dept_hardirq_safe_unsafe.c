// SPDX-License-Identifier: GPL-2.0
/*
 *   hard IRQ           process context            process context
 *   spin_lock(A)       spin_lock(B)  IRQs on
 *                                                 spin_lock_irqsave(A)
 *                                                 spin_lock(B)
 *
 * With B held and IRQs on, the IRQ may come and spin on A, whose holder
 * may be spinning on B.
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

static int __init safe_unsafe_init(void)
{
	unsigned long flags;

	scenario_in_hardirq(take_a);

	spin_lock(&lock_b);
	spin_unlock(&lock_b);

	spin_lock_irqsave(&lock_a, flags);
	spin_lock(&lock_b);
	spin_unlock(&lock_b);
	spin_unlock_irqrestore(&lock_a, flags);
	return 0;
}
SCENARIO_MODULE(safe_unsafe_init, "DEPT scenario: IRQ-safe lock ordered before an IRQ-unsafe one");
