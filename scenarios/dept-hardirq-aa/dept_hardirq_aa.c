// SPDX-License-Identifier: GPL-2.0
/*
 *   process context                 hard IRQ
 *   spin_lock(A)   IRQs enabled
 *                                   spin_lock(A)   <- spins forever
 */
#include <linux/spinlock.h>
#include "scenario_irq.h"
#include "scenario_threads.h"

static DEFINE_SPINLOCK(lock_a);

static void take_a(void)
{
	spin_lock(&lock_a);
	spin_unlock(&lock_a);
}

static int __init hardirq_aa_init(void)
{
	take_a();
	scenario_in_hardirq(take_a);
	return 0;
}

SCENARIO_MODULE(hardirq_aa_init, "DEPT scenario: a lock used in hardirq and with IRQs on");
