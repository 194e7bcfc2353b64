// SPDX-License-Identifier: GPL-2.0
/*
 *   X                     Y                     Z
 *   mutex_lock(A)         mutex_lock(C)
 *                         mutex_lock(A)         mutex_lock(C)
 *   wait_for_event(B)
 *                         mutex_unlock(A)       mutex_unlock(C)
 *   mutex_unlock(A)       mutex_unlock(C)
 *                                               event B
 *
 * Each thread takes its own mutexes of classes A and C, so nothing
 * blocks; X is asleep waiting for B before Z takes C and wakes it.
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex x_a, y_a, y_c, z_c;
static DECLARE_COMPLETION(comp_b);

static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void init_mutex_c(struct mutex *mutex_c)
{
	mutex_init(mutex_c);
}

static void x(void)
{
	mutex_lock(&x_a);
	wait_for_completion(&comp_b);
	mutex_unlock(&x_a);
}

static void y(void)
{
	mutex_lock(&y_c);
	mutex_lock(&y_a);
	mutex_unlock(&y_a);
	mutex_unlock(&y_c);
}

static void z(void)
{
	mutex_lock(&z_c);
	mutex_unlock(&z_c);
	complete(&comp_b);
}

static struct scenario_thread threads[] = {
	{ .fn = x }, { .fn = y }, { .fn = z },
};

static int __init article_init(void)
{
	init_mutex_a(&x_a);
	init_mutex_a(&y_a);
	init_mutex_c(&y_c);
	init_mutex_c(&z_c);

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_wait_done(&threads[1]);
	scenario_start(&threads[2]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(article_init, "DEPT scenario: the article's threads X, Y and Z");
