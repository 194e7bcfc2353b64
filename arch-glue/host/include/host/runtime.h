/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host runtime: what a kernel would provide around DEPT (tasks,
 * the scheduler's sleep and wake-up hooks, IRQ entry, RCU, the console)
 * for a user program that links the unchanged engine.
 */
#ifndef _HOST_RUNTIME_H
#define _HOST_RUNTIME_H

#include <pthread.h>
#include <linux/sched.h>

/* Make the calling thread the initial task, start RCU, dept_init(). */
void host_runtime_init(void);
/* Run every pending RCU callback and stop the runtime's threads. */
void host_runtime_exit(void);

/* Apply one "name=value" boot parameter; false when none matches. */
bool host_boot_param(const char *arg);

/* A new task on a new thread, started as fork + wake_up_new_task would. */
struct task_struct *host_task_start(const char *name, void (*fn)(void *arg),
				    void *arg);
/* Wait for the task to exit, then free it. */
void host_task_join(struct task_struct *t);

/*
 * The scheduler's side of a sleep: host_schedule() puts the current
 * task to sleep on @q until host_wake_up(), committing its staged DEPT
 * wait as __schedule() does; host_wake_up() wakes the sleeper with
 * try_to_wake_up()'s DEPT event.  A wake-up with nobody asleep is kept
 * and makes the next host_schedule() return at once, without a wait.
 */
struct host_waitq {
	pthread_mutex_t		lock;
	pthread_cond_t		cond;
	struct task_struct	*sleeper;
	bool			woken;
};

void host_waitq_init(struct host_waitq *q);
void host_schedule(struct host_waitq *q);
void host_wake_up(struct host_waitq *q);
/* Block until a task sleeps on @q, and return it. */
struct task_struct *host_waitq_await_sleeper(struct host_waitq *q);

/* An interrupt arriving on the current CPU, and its return. */
void host_hardirq_enter(void);
void host_hardirq_exit(void);
void host_softirq_enter(void);
void host_softirq_exit(void);

/* lockdep's softirq-enable hook, which DEPT's follows. */
void trace_softirqs_on(unsigned long ip);

/* What printk() printed since the last call; the caller frees it. */
char *host_console_take(void);

/* The stack traces taken so far (stack_trace_save() calls), by anyone. */
unsigned long host_stack_traces(void);

#endif
