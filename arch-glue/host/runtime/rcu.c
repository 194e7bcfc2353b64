// SPDX-License-Identifier: GPL-2.0
/*
 * RCU (see linux/rcupdate.h).  Callbacks are queued in order and run by
 * the RCU task, one batch per grace period.
 */
#include <pthread.h>
#include <linux/rcupdate.h>
#include <linux/bug.h>
#include <host/runtime.h>
#include "internal.h"

/* what DRD is told a publication orders (see linux/rcupdate.h) */
char rcu_hb_channels[1 << RCU_HB_CHANNEL_BITS];

static pthread_mutex_t rcu_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t rcu_queued = PTHREAD_COND_INITIALIZER;
static pthread_cond_t rcu_done = PTHREAD_COND_INITIALIZER;
static struct rcu_head *rcu_pending;
static struct rcu_head **rcu_tail = &rcu_pending;
static unsigned long rcu_queued_nr, rcu_done_nr;
static bool rcu_stopping;
static struct task_struct *rcu_task;

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	head->func = func;
	head->next = NULL;

	pthread_mutex_lock(&rcu_lock);
	*rcu_tail = head;
	rcu_tail = &head->next;
	rcu_queued_nr++;
	pthread_cond_signal(&rcu_queued);
	pthread_mutex_unlock(&rcu_lock);
}

void synchronize_rcu(void)
{
	host_cpus_quiesce();
}

/* Wait until every callback queued so far has run. */
void rcu_barrier(void)
{
	pthread_mutex_lock(&rcu_lock);
	BUG_ON(!rcu_task);
	while (rcu_done_nr < rcu_queued_nr)
		pthread_cond_wait(&rcu_done, &rcu_lock);
	pthread_mutex_unlock(&rcu_lock);
}

static void rcu_thread(void *unused)
{
	pthread_mutex_lock(&rcu_lock);
	for (;;) {
		struct rcu_head *batch, *next;
		unsigned long batch_nr;

		while (!rcu_pending && !rcu_stopping)
			pthread_cond_wait(&rcu_queued, &rcu_lock);
		if (!rcu_pending)
			break;

		batch = rcu_pending;
		batch_nr = rcu_queued_nr;
		rcu_pending = NULL;
		rcu_tail = &rcu_pending;
		pthread_mutex_unlock(&rcu_lock);

		synchronize_rcu();
		for (; batch; batch = next) {
			next = batch->next;
			batch->func(batch);
		}

		pthread_mutex_lock(&rcu_lock);
		rcu_done_nr = batch_nr;
		pthread_cond_broadcast(&rcu_done);
	}
	pthread_mutex_unlock(&rcu_lock);
}

void host_rcu_start(void)
{
	rcu_task = host_task_start("rcu", rcu_thread, NULL);
}

/* Run what is queued, then end the RCU task. */
void host_rcu_stop(void)
{
	rcu_barrier();
	pthread_mutex_lock(&rcu_lock);
	rcu_stopping = true;
	pthread_cond_signal(&rcu_queued);
	pthread_mutex_unlock(&rcu_lock);
	host_task_join(rcu_task);
	rcu_task = NULL;
}
