/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IRQ flags.  The raw_ and arch_ forms only switch the virtual CPU's
 * IRQs; enabling them through local_irq_*() is also traced, as with
 * CONFIG_TRACE_IRQFLAGS, through trace_hardirqs_on(), which calls
 * DEPT's hook the way lockdep's does in the kernel.
 *
 * The IRQ context of the current CPU or task is tracked as lockdep
 * does, with DEPT told of each outermost entry (seed patch 005).
 */
#ifndef _HOST_LINUX_IRQFLAGS_H
#define _HOST_LINUX_IRQFLAGS_H

#include <linux/types.h>
#include <linux/percpu.h>
#include <linux/dept.h>
#include <host/cpu.h>

void trace_hardirqs_on(void);

#define arch_local_irq_save()		host_irq_save()
#define arch_local_irq_restore(f)	host_irq_restore(f)
#define arch_local_irq_disable()	host_irq_disable()
#define arch_local_irq_enable()		host_irq_enable()
#define arch_irqs_disabled()		host_irqs_disabled()
#define arch_irqs_disabled_flags(f)	((f) != 0)

#define raw_local_irq_save(flags)	do { (flags) = host_irq_save(); } while (0)
#define raw_local_irq_restore(flags)	host_irq_restore(flags)
#define raw_local_irq_disable()		host_irq_disable()
#define raw_local_irq_enable()		host_irq_enable()
#define raw_irqs_disabled()		host_irqs_disabled()
#define raw_irqs_disabled_flags(f)	arch_irqs_disabled_flags(f)

#define local_irq_disable()		raw_local_irq_disable()
#define local_irq_enable()						\
	do { trace_hardirqs_on(); raw_local_irq_enable(); } while (0)
#define local_irq_save(flags)		raw_local_irq_save(flags)
#define local_irq_restore(flags)					\
do {									\
	if (!raw_irqs_disabled_flags(flags))				\
		trace_hardirqs_on();					\
	raw_local_irq_restore(flags);					\
} while (0)
#define irqs_disabled()			raw_irqs_disabled()
#define irqs_disabled_flags(f)		raw_irqs_disabled_flags(f)

DECLARE_PER_CPU(int, hardirq_context);

#define lockdep_hardirq_context()	(this_cpu_read(hardirq_context))
#define lockdep_softirq_context(p)	((p)->softirq_context)

#define lockdep_hardirq_enter()						\
do {									\
	if (__this_cpu_inc_return(hardirq_context) == 1)		\
		dept_hardirq_enter();					\
} while (0)
#define lockdep_hardirq_exit()		__this_cpu_dec(hardirq_context)

#define lockdep_softirq_enter()						\
do {									\
	current->softirq_context++;					\
	if (current->softirq_context == 1)				\
		dept_softirq_enter();					\
} while (0)
#define lockdep_softirq_exit()		(current->softirq_context--)

#endif
