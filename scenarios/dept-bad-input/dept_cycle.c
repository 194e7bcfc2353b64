// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle of dept-completion-mutex, for dept-bad-input: DEPT still
 * reports it after every parameter it was given was garbage.  While the
 * cycle closes and its report prints, a kernel thread reads /proc/dept_deps
 * as fast as it can (faster than a shell could), to hit the report: each
 * read must end, whole or saying that a report is printing.
 */
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/string.h>
#include "scenario_completion_cycle.h"

#define BUSY "(a report is printing: try again)"

static unsigned long reads, busy_reads;

static int read_deps(void *unused)
{
	static char buf[sizeof(BUSY) + 1];

	while (!kthread_should_stop()) {
		struct file *f = filp_open("/proc/dept_deps", O_RDONLY, 0);
		loff_t pos = 0;
		ssize_t n;

		if (IS_ERR(f))
			return PTR_ERR(f);
		n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
		filp_close(f, NULL);
		if (n < 0)
			return n;
		buf[n] = '\0';
		busy_reads += !strncmp(buf, BUSY, strlen(BUSY));
		reads++;
		cond_resched();
	}
	return 0;
}

static int __init cycle_init(void)
{
	struct task_struct *reader = kthread_run(read_deps, NULL, "read_deps");
	int err;

	if (IS_ERR(reader))
		return PTR_ERR(reader);
	scenario_completion_cycle();
	err = kthread_stop(reader);
	pr_info("dept-bad-input: in-kernel reader: %lu reads of /proc/dept_deps, %lu while a report printed\n",
		reads, busy_reads);
	return err;
}
SCENARIO_MODULE(cycle_init, "DEPT scenario: the completion/mutex cycle, /proc/dept_deps read meanwhile");
