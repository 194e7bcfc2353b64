// SPDX-License-Identifier: GPL-2.0
/*
 * Two classes of one name: the same lock expression initialised at two
 * call sites, then taken in both orders.
 *
 *   first                          second
 *   mutex_lock(&one.same_name_lock)
 *   mutex_lock(&two.same_name_lock)
 *                                  mutex_lock(&two.same_name_lock)
 *                                  mutex_lock(&one.same_name_lock)
 *
 * The threads run one after the other, so the pattern runs to its end.
 */
#include <linux/mutex.h>
#include "scenario_threads.h"

struct thing {
	struct mutex same_name_lock;
};

static struct thing one, two;

/* each mutex_init() call site is a class of its own */
static void __init init_one(struct thing *p)
{
	mutex_init(&p->same_name_lock);
}

static void __init init_two(struct thing *p)
{
	mutex_init(&p->same_name_lock);
}

static void lock_both(struct thing *outer, struct thing *inner)
{
	mutex_lock(&outer->same_name_lock);
	mutex_lock(&inner->same_name_lock);
	mutex_unlock(&inner->same_name_lock);
	mutex_unlock(&outer->same_name_lock);
}

static void first(void)
{
	lock_both(&one, &two);
}

static void second(void)
{
	lock_both(&two, &one);
}

static struct scenario_thread threads[] = { { .fn = first }, { .fn = second } };

static int __init same_name_init(void)
{
	init_one(&one);
	init_two(&two);
	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(same_name_init, "DEPT scenario: two lock classes of one name in a cycle");
