// SPDX-License-Identifier: GPL-2.0
/*
 * Parent/child style nesting of one class: the outer lock at depth 0,
 * the inner at depth 1, whichever instance is which.
 */
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex first, second;

static void init_mutex_n(struct mutex *mutex_n)
{
	mutex_init(mutex_n);
}

static void lock_nested(struct mutex *outer, struct mutex *inner)
{
	mutex_lock_nested(outer, 0);
	mutex_lock_nested(inner, 1);
	mutex_unlock(inner);
	mutex_unlock(outer);
}

static void first_outer(void)
{
	lock_nested(&first, &second);
}

static void second_outer(void)
{
	lock_nested(&second, &first);
}

static struct scenario_thread threads[] = {
	{ .fn = first_outer }, { .fn = second_outer },
};

static int __init nested_init(void)
{
	init_mutex_n(&first);
	init_mutex_n(&second);

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(nested_init, "DEPT scenario: declared nesting of one class");
