/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A script for several tasks: STEP(s, n) { ... } runs its block when
 * the step counter reaches n and then advances it, so that the blocks
 * of all tasks run in the order of their numbers, whatever thread each
 * block belongs to.  This is how the cases exercise a dangerous
 * interleaving without ever deadlocking for real.
 */
#ifndef _HOST_TEST_STEPS_H
#define _HOST_TEST_STEPS_H

#include <pthread.h>

struct steps {
	pthread_mutex_t	lock;
	pthread_cond_t	cond;
	int		now;
};

#define STEPS_INIT	{ PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0 }

void step_wait(struct steps *s, int n);
void step_done(struct steps *s);

#define STEP(s, n)							\
	for (int __step = (step_wait(s, n), 1); __step;			\
	     __step = 0, step_done(s))

/* Start one task per function, all with @arg, and wait for them all. */
void run_tasks(void *arg, void (*const fns[])(void *arg));
#define RUN_TASKS(arg, ...)						\
	run_tasks(arg, (void (*const[])(void *)) { __VA_ARGS__, NULL })

#endif
