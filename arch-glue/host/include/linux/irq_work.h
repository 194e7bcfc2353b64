/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irq_work: a callback run soon in hard IRQ context on the CPU that
 * queued it.  On the host it runs when that virtual CPU next enables
 * IRQs, inside a simulated hardirq, as a self-IPI would arrive.
 */
#ifndef _HOST_LINUX_IRQ_WORK_H
#define _HOST_LINUX_IRQ_WORK_H

#include <linux/types.h>

struct irq_work {
	struct irq_work		*next;
	int			pending;
	void			(*func)(struct irq_work *work);
};

#define IRQ_WORK_INIT(_func)	{ .func = (_func) }
#define DEFINE_IRQ_WORK(name, _func)	struct irq_work name = IRQ_WORK_INIT(_func)

static inline void init_irq_work(struct irq_work *work,
				 void (*func)(struct irq_work *))
{
	*work = (struct irq_work)IRQ_WORK_INIT(func);
}

/* false when the work was already pending */
bool irq_work_queue(struct irq_work *work);

#endif
