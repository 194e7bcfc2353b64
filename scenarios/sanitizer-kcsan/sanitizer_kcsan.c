// SPDX-License-Identifier: GPL-2.0
/*
 * The kcsan variant's proof that KCSAN is live in this kernel: for one
 * second a thread reads a counter with plain loads while another thread
 * increments it with WRITE_ONCE().  Only the plain side sets watchpoints
 * (KCSAN skips marked accesses outside KCSAN_STRICT).  KCSAN reports the
 * race when the writer hits the reader's watchpoint (both sides named),
 * or when the reader sees the value change without catching the writer
 * (KCSAN_REPORT_RACE_UNKNOWN_ORIGIN); it limits reports to one within
 * KCSAN_REPORT_ONCE_IN_MS (3 s) per pair of top frames, and the two
 * forms have different pairs: one report or two.  The threads' functions
 * must not contain "kcsan_", which KCSAN takes for its own frames and
 * skips: the reports name racing_reader.  The threads are bound to two
 * CPUs: on one CPU the reader's watchpoint delay would never see the
 * writer run, and the race could go unreported.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched/task.h>

static unsigned long counter;
static unsigned long sum;

static int racing_writer(void *unused)
{
	while (!kthread_should_stop()) {
		WRITE_ONCE(counter, counter + 1);
		cond_resched();
	}
	return 0;
}

static int racing_reader(void *unused)
{
	while (!kthread_should_stop()) {
		sum += counter;
		barrier();
		cond_resched();
	}
	return 0;
}

static int __init sanitizer_kcsan_init(void)
{
	unsigned int first = cpumask_first(cpu_online_mask);
	unsigned int second = cpumask_next(first, cpu_online_mask);
	struct task_struct *writer, *reader;

	if (second >= nr_cpu_ids) {
		pr_err("sanitizer-kcsan: needs two online CPUs\n");
		return -ENODEV;
	}
	writer = kthread_run_on_cpu(racing_writer, NULL, first,
				    "kcsan_writer/%u");
	if (IS_ERR(writer))
		return PTR_ERR(writer);
	reader = kthread_run_on_cpu(racing_reader, NULL, second,
				    "kcsan_reader/%u");
	if (IS_ERR(reader)) {
		kthread_stop(writer);
		return PTR_ERR(reader);
	}
	msleep(1000);
	kthread_stop(reader);
	kthread_stop(writer);
	pr_info("sanitizer-kcsan: %lu increments\n", counter);
	return 0;
}

static void __exit sanitizer_kcsan_exit(void)
{
}

module_init(sanitizer_kcsan_init);
module_exit(sanitizer_kcsan_exit);
MODULE_DESCRIPTION("Sanitizer scenario: a plain read racing with a marked write");
MODULE_LICENSE("GPL");
