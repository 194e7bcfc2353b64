// SPDX-License-Identifier: GPL-2.0
/*
 * The patterns of the IRQ scenarios done right: what an interrupt takes
 * is taken with that interrupt disabled everywhere else.
 */
#include <linux/spinlock.h>
#include "scenario_irq.h"
#include "scenario_threads.h"

static DEFINE_SPINLOCK(lock_a);
static DEFINE_SPINLOCK(lock_b);
static DEFINE_SPINLOCK(lock_c);

static void take_a(void)
{
	spin_lock(&lock_a);
	spin_unlock(&lock_a);
}

static void take_c(void)
{
	spin_lock(&lock_c);
	spin_unlock(&lock_c);
}

static int __init irqsafe_ok_init(void)
{
	unsigned long flags;

	scenario_in_hardirq(take_a);
	scenario_in_softirq(take_c);

	spin_lock_irqsave(&lock_b, flags);
	spin_unlock_irqrestore(&lock_b, flags);

	spin_lock_irqsave(&lock_a, flags);
	spin_lock(&lock_b);
	spin_unlock(&lock_b);
	spin_unlock_irqrestore(&lock_a, flags);

	spin_lock_bh(&lock_c);
	spin_lock_irqsave(&lock_b, flags);
	spin_unlock_irqrestore(&lock_b, flags);
	spin_unlock_bh(&lock_c);
	return 0;
}
SCENARIO_MODULE(irqsafe_ok_init, "DEPT scenario: IRQ-safe locking, no report");
