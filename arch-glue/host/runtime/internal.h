/* SPDX-License-Identifier: GPL-2.0 */
/* What the runtime's files share among themselves. */
#ifndef _HOST_RUNTIME_INTERNAL_H
#define _HOST_RUNTIME_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* cpu.c: hold every virtual CPU once */
void host_cpus_quiesce(void);

/* irq_work.c: run the current CPU's pending irq_work */
void host_irq_work_run(void);

/* workqueue.c: the worker task */
void host_workqueue_start(void);
void host_workqueue_stop(void);

/* rcu.c: the RCU task */
void host_rcu_start(void);
void host_rcu_stop(void);

/* the longest line printk() prints, as the kernel's LOG_LINE_MAX */
#define HOST_LINE_MAX	1024

/* vsprintf.c: vsnprintf() with the kernel's %p extensions */
int host_vsnprintf(char *buf, size_t size, const char *fmt, va_list args);

/* symbols.c: the symbol containing @addr, "(null)" name when unknown */
struct host_symbol {
	const char	*name;
	unsigned long	offset;
	unsigned long	size;
	const char	*object;	/* the library, NULL for the program */
};
bool host_symbolize(unsigned long addr, struct host_symbol *sym);

#endif
