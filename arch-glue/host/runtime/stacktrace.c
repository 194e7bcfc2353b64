// SPDX-License-Identifier: GPL-2.0
/* Stack traces with backtrace(3); the unwinder reads .eh_frame. */
#include <execinfo.h>
#include <linux/kernel.h>
#include <linux/stacktrace.h>
#include <host/runtime.h>

#define HOST_STACK_MAX	64

static unsigned long traces;

unsigned long host_stack_traces(void)
{
	return __atomic_load_n(&traces, __ATOMIC_RELAXED);
}

/* Like the kernel's: this function is not part of the trace. */
unsigned int stack_trace_save(unsigned long *store, unsigned int size,
			      unsigned int skipnr)
{
	void *frames[HOST_STACK_MAX];
	unsigned int skip = skipnr + 1;
	int n = backtrace(frames, min(size + skip, (unsigned int)HOST_STACK_MAX));
	unsigned int i;

	__atomic_fetch_add(&traces, 1, __ATOMIC_RELAXED);
	if (n <= (int)skip)
		return 0;
	for (i = 0; i < n - skip && i < size; i++)
		store[i] = (unsigned long)frames[i + skip];
	return i;
}

void stack_trace_print(const unsigned long *entries, unsigned int nr_entries,
		       int spaces)
{
	unsigned int i;

	for (i = 0; i < nr_entries; i++)
		printk("%*c%pS\n", 1 + spaces, ' ', (void *)entries[i]);
}
