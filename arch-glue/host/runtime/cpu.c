// SPDX-License-Identifier: GPL-2.0
/*
 * Virtual CPUs (see host/cpu.h).  A thread holds its virtual CPU's
 * mutex while its IRQs are off or its preemption is disabled.
 */
#include <pthread.h>
#include <linux/sched.h>
#include <linux/bug.h>
#include <host/cpu.h>
#include <host/runtime.h>
#include "internal.h"

static pthread_mutex_t vcpu_lock[NR_CPUS] = {
	[0 ... NR_CPUS - 1] = PTHREAD_MUTEX_INITIALIZER,
};

static __thread struct {
	bool	irqs_off;
	int	preempt_count;
	bool	held;
} cpu_state;

int host_cpu(void)
{
	return current->host.cpu;
}

/* Take or give back the virtual CPU as the thread's state now asks. */
static void vcpu_update(void)
{
	bool want = cpu_state.irqs_off || cpu_state.preempt_count > 0;

	if (want == cpu_state.held)
		return;
	if (want)
		pthread_mutex_lock(&vcpu_lock[host_cpu()]);
	else
		pthread_mutex_unlock(&vcpu_lock[host_cpu()]);
	cpu_state.held = want;
}

unsigned long host_irq_save(void)
{
	unsigned long flags = cpu_state.irqs_off;

	cpu_state.irqs_off = true;
	vcpu_update();
	return flags;
}

void host_irq_restore(unsigned long flags)
{
	/* self-IPIs queued meanwhile arrive as IRQs come back on */
	if (!flags && cpu_state.irqs_off)
		host_irq_work_run();
	cpu_state.irqs_off = flags;
	vcpu_update();
}

void host_irq_disable(void)
{
	host_irq_save();
}

void host_irq_enable(void)
{
	host_irq_restore(0);
}

bool host_irqs_disabled(void)
{
	return cpu_state.irqs_off;
}

void host_preempt_disable(void)
{
	cpu_state.preempt_count++;
	vcpu_update();
}

void host_preempt_enable(void)
{
	BUG_ON(cpu_state.preempt_count <= 0);
	cpu_state.preempt_count--;
	vcpu_update();
}

bool host_preemptible(void)
{
	return !cpu_state.held;
}

/*
 * Hold every virtual CPU once: whoever had IRQs or preemption off when
 * this started has since turned them back on.  A caller that has them
 * off itself is in error, as synchronize_rcu() in atomic context is;
 * its own CPU is skipped, where nobody else can be meanwhile.
 */
void host_cpus_quiesce(void)
{
	int cpu;

	WARN_ON(cpu_state.held);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (cpu_state.held && cpu == host_cpu())
			continue;
		pthread_mutex_lock(&vcpu_lock[cpu]);
		pthread_mutex_unlock(&vcpu_lock[cpu]);
	}
}
