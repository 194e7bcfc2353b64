/* SPDX-License-Identifier: GPL-2.0 */
/* Preemption and the kind of context the CPU is in. */
#ifndef _HOST_LINUX_PREEMPT_H
#define _HOST_LINUX_PREEMPT_H

#include <host/cpu.h>

#define preempt_disable()		host_preempt_disable()
#define preempt_enable()		host_preempt_enable()
#define preempt_disable_notrace()	host_preempt_disable()
#define preempt_enable_notrace()	host_preempt_enable()
#define preemptible()			host_preemptible()

/* The host has no NMIs. */
#define in_nmi()		0
#define in_hardirq()		lockdep_hardirq_context()
#define in_serving_softirq()	lockdep_softirq_context(current)
/* the host has no local_bh_disable(): only serving a softirq counts */
#define softirq_count()		in_serving_softirq()
#define in_task()		(!in_nmi() && !in_hardirq() && !in_serving_softirq())

#endif
