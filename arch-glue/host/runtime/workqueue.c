// SPDX-License-Identifier: GPL-2.0
/*
 * The system workqueue (see linux/workqueue.h): a FIFO of work items
 * and the worker task that runs them.
 */
#include <pthread.h>
#include <linux/dept.h>
#include <linux/workqueue.h>
#include <host/runtime.h>
#include "internal.h"

static pthread_mutex_t wq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wq_cond = PTHREAD_COND_INITIALIZER;
static struct work_struct *wq_head;
static struct work_struct **wq_tail = &wq_head;
static bool wq_stopping;
static struct task_struct *kworker;

bool schedule_work(struct work_struct *work)
{
	bool queued = false;

	pthread_mutex_lock(&wq_lock);
	if (!work->pending) {
		work->pending = true;
		work->next = NULL;
		*wq_tail = work;
		wq_tail = &work->next;
		pthread_cond_broadcast(&wq_cond);
		queued = true;
	}
	pthread_mutex_unlock(&wq_lock);
	return queued;
}

bool flush_work(struct work_struct *work)
{
	bool busy;

	pthread_mutex_lock(&wq_lock);
	busy = work->pending || work->running;
	while (work->pending || work->running)
		pthread_cond_wait(&wq_cond, &wq_lock);
	pthread_mutex_unlock(&wq_lock);
	return busy;
}

static void worker_thread(void *unused)
{
	pthread_mutex_lock(&wq_lock);
	for (;;) {
		struct work_struct *work;

		while (!wq_head && !wq_stopping)
			pthread_cond_wait(&wq_cond, &wq_lock);
		work = wq_head;
		if (!work)
			break;
		wq_head = work->next;
		if (!wq_head)
			wq_tail = &wq_head;
		work->pending = false;
		work->running = true;
		pthread_mutex_unlock(&wq_lock);

		/* each work is a context of its own, as process_one_work() */
		dept_update_cxt();
		work->func(work);

		pthread_mutex_lock(&wq_lock);
		work->running = false;
		pthread_cond_broadcast(&wq_cond);
	}
	pthread_mutex_unlock(&wq_lock);
}

void host_workqueue_start(void)
{
	kworker = host_task_start("kworker", worker_thread, NULL);
}

/* Run what is queued, then end the worker. */
void host_workqueue_stop(void)
{
	pthread_mutex_lock(&wq_lock);
	wq_stopping = true;
	pthread_cond_broadcast(&wq_cond);
	pthread_mutex_unlock(&wq_lock);
	host_task_join(kworker);
	kworker = NULL;
}
