// SPDX-License-Identifier: GPL-2.0
/*
 * ABBA on two mutexes, the threads one after the other so that nothing
 * ever blocks; then the same on two other mutexes after lockdep's report.
 */
#include <linux/mutex.h>
#include "scenario_threads.h"

static DEFINE_MUTEX(mutex_a);
static DEFINE_MUTEX(mutex_b);
static DEFINE_MUTEX(mutex_c);
static DEFINE_MUTEX(mutex_d);

static void lock_in_order(struct mutex *first, struct mutex *second)
{
	mutex_lock(first);
	mutex_lock(second);
	mutex_unlock(second);
	mutex_unlock(first);
}

static void ab(void)
{
	lock_in_order(&mutex_a, &mutex_b);
}

static void ba(void)
{
	lock_in_order(&mutex_b, &mutex_a);
}

static void cd(void)
{
	lock_in_order(&mutex_c, &mutex_d);
}

static void dc(void)
{
	lock_in_order(&mutex_d, &mutex_c);
}

static struct scenario_thread threads[] = {
	{ .fn = ab }, { .fn = ba }, { .fn = cd }, { .fn = dc },
};

static int __init abba_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(threads); i++) {
		scenario_start(&threads[i]);
		scenario_wait_done(&threads[i]);
	}
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(abba_init, "DEPT scenario: ABBA on mutexes, twice");
