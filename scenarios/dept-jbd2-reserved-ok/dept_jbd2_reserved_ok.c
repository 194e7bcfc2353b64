// SPDX-License-Identifier: GPL-2.0
/*
 * jbd2's give-back of a reservation over the limit, on a journal of the
 * module's own (the scenario's disk, an external ext4 journal).
 *
 *   holder             waiter                  giver
 *   start(rsv = limit - 2), keep
 *   the reserved handle, stop
 *                      mutex_lock(X1)
 *                      start(rsv = 8): over the limit,
 *                      gives back, waits for reserved credits
 *                                              mutex_lock(X2)
 *                                              start(rsv = 8): over the
 *                                              limit, gives back (wakes
 *                                              the waiter), waits
 *   free the reserved handle: wakes both
 *
 * X1 and X2 are two mutexes of one class.  The giver's wake-up of the
 * waiter comes after the giver waited for X2, but the waiter never needed
 * it: it waits for the holder's reservation, which the holder frees
 * without waiting for anything.
 */
#include "scenario_jbd2.h"

static void giver(void)
{
	scenario_journal_start_under(&sj, &x[1]);
}

static void holder(void)
{
	scenario_journal_hold_rsv(&sj, 2, &release, NULL);
}

static struct scenario_thread threads[] = {
	{ .fn = holder }, { .fn = scenario_jbd2_waiter }, { .fn = giver },
};

static int __init jbd2_reserved_init(void)
{
	int ok = scenario_jbd2_play(threads, ARRAY_SIZE(threads));

	if (ok < 0)
		return ok;
	if (ok)
		pr_info("dept-jbd2-reserved-ok: both waiters got their handles\n");
	else
		pr_err("dept-jbd2-reserved-ok: the waiters never slept\n");
	return 0;
}
SCENARIO_MODULE(jbd2_reserved_init, "DEPT scenario: jbd2 gives a reservation over the limit back, waking an earlier waiter");
