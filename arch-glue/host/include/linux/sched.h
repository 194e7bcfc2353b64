/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A task is a host thread.  task_struct carries what DEPT and the IRQ
 * context tracking read (dept_task, pid, comm, softirq_context), plus
 * the runtime's own bookkeeping in @host.
 */
#ifndef _HOST_LINUX_SCHED_H
#define _HOST_LINUX_SCHED_H

#include <pthread.h>
#include <linux/types.h>
#include <linux/dept.h>

#define TASK_COMM_LEN		16

struct host_task {
	pthread_t		thread;
	int			cpu;
	void			(*fn)(void *arg);
	void			*arg;
};

struct task_struct {
	struct dept_task	dept_task;
	pid_t			pid;
	char			comm[TASK_COMM_LEN];
	int			softirq_context;
	struct host_task	host;
};

extern struct task_struct init_task;
extern __thread struct task_struct *host_current;

#define current			host_current

static inline pid_t task_pid_nr(struct task_struct *t)
{
	return t->pid;
}

#endif
