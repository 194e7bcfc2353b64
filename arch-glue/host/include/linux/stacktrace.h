/* SPDX-License-Identifier: GPL-2.0 */
/* Stack traces from the C library's backtrace(3). */
#ifndef _HOST_LINUX_STACKTRACE_H
#define _HOST_LINUX_STACKTRACE_H

unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr);
void stack_trace_print(const unsigned long *entries, unsigned int nr_entries,
		       int spaces);

#endif
