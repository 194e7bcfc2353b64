// SPDX-License-Identifier: GPL-2.0
/*
 * IRQ state tracing and IRQ entry.  The trace_*() hooks call DEPT the
 * way lockdep's IRQ hooks do in the kernel (seed patch 005); entering
 * an interrupt goes through the same lockdep_*_enter() macros as the
 * kernel's irq_enter() and __do_softirq().
 */
#include <linux/sched.h>
#include <linux/irqflags.h>
#include <host/runtime.h>

DEFINE_PER_CPU(int, hardirq_context);

void trace_hardirqs_on(void)
{
	dept_hardirqs_on();
}

void trace_softirqs_on(unsigned long ip)
{
	dept_softirqs_on_ip(ip);
}

/* The CPU takes an interrupt: IRQs go off, then irq_enter(). */
void host_hardirq_enter(void)
{
	local_irq_disable();
	lockdep_hardirq_enter();
}

void host_hardirq_exit(void)
{
	lockdep_hardirq_exit();
	local_irq_enable();
}

void host_softirq_enter(void)
{
	lockdep_softirq_enter();
}

void host_softirq_exit(void)
{
	lockdep_softirq_exit();
}
