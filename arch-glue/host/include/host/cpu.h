/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Virtual CPUs.  Each host thread is bound to one of NR_CPUS virtual
 * CPUs.  Disabling IRQs or preemption takes that virtual CPU's mutex,
 * so that, as on a real CPU, no other task runs on it meanwhile: per-CPU
 * data touched with IRQs off is consistent, and DRD sees the exclusion.
 * Data shared across CPUs still needs the engine's own locks.
 */
#ifndef _HOST_CPU_H
#define _HOST_CPU_H

#include <stdbool.h>

#define NR_CPUS		CONFIG_NR_CPUS

/* the flags of host_irq_save(): non-zero when IRQs were already off */
unsigned long host_irq_save(void);
void host_irq_restore(unsigned long flags);
void host_irq_disable(void);
void host_irq_enable(void);
bool host_irqs_disabled(void);

void host_preempt_disable(void);
void host_preempt_enable(void);
bool host_preemptible(void);

int host_cpu(void);

#endif
