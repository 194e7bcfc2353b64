// SPDX-License-Identifier: GPL-2.0
/*
 * Two mutexes of one class, nested in address order as splice() nests
 * two pipes, with the order given by lock_set_cmp_fn() as fs/pipe.c
 * gives it.  In that order neither lockdep nor DEPT may complain; in
 * the other order DEPT reports.
 */
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex pairs[2];

static int by_address(const struct lockdep_map *a, const struct lockdep_map *b)
{
	return (a > b) - (a < b);
}

/* one call site of mutex_init(): one class named "pair" */
static void init_pair(struct mutex *pair)
{
	mutex_init(pair);
	lock_set_cmp_fn(pair, by_address, NULL);
}

static int __init lock_cmp_fn_init(void)
{
	struct mutex *lo = &pairs[0], *hi = &pairs[1];

	init_pair(lo);
	init_pair(hi);

	mutex_lock(lo);
	mutex_lock(hi);
	mutex_unlock(hi);
	mutex_unlock(lo);
	pr_info("dept-lock-cmp-fn: nested in order\n");

	mutex_lock(hi);
	mutex_lock(lo);
	mutex_unlock(lo);
	mutex_unlock(hi);
	return 0;
}
SCENARIO_MODULE(lock_cmp_fn_init, "DEPT scenario: nesting a class in the order of its lock_cmp_fn");
