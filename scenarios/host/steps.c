// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <host/runtime.h>
#include "steps.h"

void step_wait(struct steps *s, int n)
{
	pthread_mutex_lock(&s->lock);
	while (s->now != n)
		pthread_cond_wait(&s->cond, &s->lock);
	pthread_mutex_unlock(&s->lock);
}

void step_done(struct steps *s)
{
	pthread_mutex_lock(&s->lock);
	s->now++;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
}

void run_tasks(void *arg, void (*const fns[])(void *arg))
{
	struct task_struct *tasks[8];
	char name[16];
	int i, n;

	for (n = 0; fns[n] && n < 8; n++) {
		snprintf(name, sizeof(name), "task-%c", 'X' + n % 3);
		tasks[n] = host_task_start(name, fns[n], arg);
	}
	for (i = 0; i < n; i++)
		host_task_join(tasks[i]);
}
