// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's DEPT hooks around a host sleep, in the kernel's
 * order (seed patch 002, kernel/sched/core.c): a task that really goes
 * to sleep commits its staged wait and enters __schedule(); a waker of
 * a sleeping task runs try_to_wake_up()'s event.  A task already woken
 * before it sleeps does not sleep, and nothing is committed.
 */
#include <linux/sched.h>
#include <linux/dept.h>
#include <linux/instruction_pointer.h>
#include <host/runtime.h>

void host_waitq_init(struct host_waitq *q)
{
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	q->sleeper = NULL;
	q->woken = false;
}

void host_schedule(struct host_waitq *q)
{
	pthread_mutex_lock(&q->lock);
	if (!q->woken) {
		q->sleeper = current;
		pthread_cond_broadcast(&q->cond);
		dept_request_event_wait_commit();
		dept_sched_enter();
		while (!q->woken)
			pthread_cond_wait(&q->cond, &q->lock);
		dept_sched_exit();
		q->sleeper = NULL;
	}
	q->woken = false;
	pthread_mutex_unlock(&q->lock);
}

void host_wake_up(struct host_waitq *q)
{
	pthread_mutex_lock(&q->lock);
	q->woken = true;
	if (q->sleeper)
		dept_ttwu_stage_wait(q->sleeper, _RET_IP_);
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
}

struct task_struct *host_waitq_await_sleeper(struct host_waitq *q)
{
	struct task_struct *t;

	pthread_mutex_lock(&q->lock);
	while (!q->sleeper)
		pthread_cond_wait(&q->cond, &q->lock);
	t = q->sleeper;
	pthread_mutex_unlock(&q->lock);
	return t;
}
