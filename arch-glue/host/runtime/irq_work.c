// SPDX-License-Identifier: GPL-2.0
/*
 * irq_work (see linux/irq_work.h): queued per virtual CPU, run by
 * host_irq_restore() as the CPU enables IRQs again.
 */
#include <host/annotate.h>
#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/irqflags.h>
#include <linux/sched.h>
#include "internal.h"

static DEFINE_PER_CPU(struct irq_work *, irq_work_list);

bool irq_work_queue(struct irq_work *work)
{
	unsigned long flags;

	if (xchg(&work->pending, 1))
		return false;
	/*
	 * The runner read work->next before it cleared pending: its read
	 * happens before this write.  DRD is not told of the xchg()'s
	 * ordering (host/annotate.h), so it is told of this one here.
	 */
	ANNOTATE_HAPPENS_AFTER(&work->pending);

	flags = host_irq_save();
	work->next = this_cpu_read(irq_work_list);
	this_cpu_write(irq_work_list, work);
	host_irq_restore(flags);
	return true;
}

/* Called with the virtual CPU held, IRQs about to be enabled. */
void host_irq_work_run(void)
{
	struct irq_work *work = this_cpu_read(irq_work_list), *next;

	if (!work)
		return;
	this_cpu_write(irq_work_list, NULL);

	lockdep_hardirq_enter();
	for (; work; work = next) {
		next = work->next;
		ANNOTATE_HAPPENS_BEFORE(&work->pending);
		xchg(&work->pending, 0);
		work->func(work);
	}
	lockdep_hardirq_exit();
}
