/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU variables, laid out as the kernel does: every DEFINE_PER_CPU
 * variable goes to one section, which the runtime copies once per
 * virtual CPU at start-up; a CPU's instance of a variable is the
 * variable's address plus that CPU's offset.  The section itself is
 * only the template and is never used directly.
 */
#ifndef _HOST_LINUX_PERCPU_H
#define _HOST_LINUX_PERCPU_H

#include <linux/smp.h>
#include <linux/cpumask.h>

extern unsigned long __per_cpu_offset[NR_CPUS];

#define DEFINE_PER_CPU(type, name)					\
	__attribute__((__section__("host_percpu"))) __typeof__(type) name
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name

#define per_cpu_ptr(ptr, cpu)						\
	((__typeof__(ptr))((unsigned long)(ptr) + __per_cpu_offset[cpu]))
#define this_cpu_ptr(ptr)		per_cpu_ptr(ptr, smp_processor_id())
#define raw_cpu_ptr(ptr)		this_cpu_ptr(ptr)
#define per_cpu(var, cpu)		(*per_cpu_ptr(&(var), cpu))

#define this_cpu_read(var)		(*this_cpu_ptr(&(var)))
#define __this_cpu_read(var)		this_cpu_read(var)
#define raw_cpu_read(var)		this_cpu_read(var)
#define this_cpu_write(var, v)		(*this_cpu_ptr(&(var)) = (v))
#define __this_cpu_write(var, v)	this_cpu_write(var, v)
#define __this_cpu_inc_return(var)	(++*this_cpu_ptr(&(var)))
#define __this_cpu_inc(var)		((void)++*this_cpu_ptr(&(var)))
#define __this_cpu_dec(var)		((void)--*this_cpu_ptr(&(var)))

#endif
