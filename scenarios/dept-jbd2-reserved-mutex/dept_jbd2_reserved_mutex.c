// SPDX-License-Identifier: GPL-2.0
/*
 * The reservation a jbd2 waiter needs is freed after a wait for the class
 * of lock the waiter holds (two mutexes of one class, so that the run
 * itself does not deadlock).
 *
 *   holder                                 waiter
 *   start(rsv = limit - 2), keep
 *   the reserved handle, stop
 *                                          mutex_lock(X1)
 *                                          start(rsv = 8): over the
 *                                          limit, waits for credits
 *   mutex_lock(X2)
 *   mutex_unlock(X2)
 *   free the reserved handle: wakes the waiter
 */
#include "scenario_jbd2.h"

static void take_x1(void)
{
	mutex_lock(&x[1]);
	mutex_unlock(&x[1]);
}

static void holder(void)
{
	scenario_journal_hold_rsv(&sj, 2, &release, take_x1);
}

static struct scenario_thread threads[] = {
	{ .fn = holder }, { .fn = scenario_jbd2_waiter },
};

static int __init jbd2_reserved_mutex_init(void)
{
	int ok = scenario_jbd2_play(threads, ARRAY_SIZE(threads));

	if (ok < 0)
		return ok;
	if (ok)
		pr_info("dept-jbd2-reserved-mutex: the waiter got its handle\n");
	else
		pr_err("dept-jbd2-reserved-mutex: the waiter never slept\n");
	return 0;
}
SCENARIO_MODULE(jbd2_reserved_mutex_init, "DEPT scenario: a jbd2 reservation freed after a wait for the class its waiter holds");
