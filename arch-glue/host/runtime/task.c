// SPDX-License-Identifier: GPL-2.0
/*
 * Tasks.  The thread that calls host_runtime_init() is the initial
 * task; every other task is a thread started by host_task_start().  A
 * task's CPU is fixed at creation, round robin over the virtual CPUs.
 */
#include <stdlib.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/irqflags.h>
#include <linux/instruction_pointer.h>
#include <linux/bug.h>
#include <host/runtime.h>

struct task_struct init_task = {
	.dept_task = DEPT_TASK_INITIALIZER(init_task),
	.pid = 1,
	.comm = "host-main",
	.host.cpu = 0,
};

__thread struct task_struct *host_current;

static int task_nr = 1;

static void *task_thread(void *arg)
{
	struct task_struct *t = arg;

	host_current = t;
	/* a new task runs with IRQs and softirqs enabled */
	trace_hardirqs_on();
	trace_softirqs_on(_THIS_IP_);
	t->host.fn(t->host.arg);
	dept_task_exit(t);
	return NULL;
}

struct task_struct *host_task_start(const char *name, void (*fn)(void *arg),
				    void *arg)
{
	struct task_struct *t = calloc(1, sizeof(*t));
	int nr = __atomic_fetch_add(&task_nr, 1, __ATOMIC_RELAXED);

	BUG_ON(!t);
	t->pid = nr + 1;
	strscpy(t->comm, name, sizeof(t->comm));
	t->host.cpu = nr % NR_CPUS;
	t->host.fn = fn;
	t->host.arg = arg;
	dept_task_init(t);
	BUG_ON(pthread_create(&t->host.thread, NULL, task_thread, t));
	return t;
}

void host_task_join(struct task_struct *t)
{
	BUG_ON(pthread_join(t->host.thread, NULL));
	free(t);
}
