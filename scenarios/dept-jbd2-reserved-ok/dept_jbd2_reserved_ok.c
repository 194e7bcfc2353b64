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
#include <linux/mutex.h>
#include "scenario_jbd2.h"
#include "scenario_threads.h"

static struct scenario_journal sj;
static struct mutex x[2];
static bool release;

static void init_x(struct mutex *m)
{
	mutex_init(m);	/* one call site: one class for both */
}

static void start_and_stop(struct mutex *m)
{
	handle_t *handle;

	mutex_lock(m);
	handle = jbd2__journal_start(sj.journal, 1, 8, 0, GFP_NOFS, 0, 0);
	if (!IS_ERR(handle))
		jbd2_journal_stop(handle);
	else
		pr_err("dept-jbd2-reserved-ok: start: %ld\n", PTR_ERR(handle));
	mutex_unlock(m);
}

static void waiter(void)
{
	start_and_stop(&x[0]);
}

static void giver(void)
{
	start_and_stop(&x[1]);
}

static void holder(void)
{
	handle_t *handle, *reserved;

	/* as ext4's writeback: keep the reserved handle, stop the other */
	handle = jbd2__journal_start(sj.journal, 1, sj.rsv_limit - 2, 0,
				     GFP_NOFS, 0, 0);
	if (IS_ERR(handle)) {
		pr_err("dept-jbd2-reserved-ok: holder: %ld\n", PTR_ERR(handle));
		return;
	}
	reserved = handle->h_rsv_handle;
	handle->h_rsv_handle = NULL;
	jbd2_journal_stop(handle);
	while (!READ_ONCE(release))
		msleep(20);
	jbd2_journal_free_reserved(reserved);
}

static struct scenario_thread threads[] = {
	{ .fn = holder }, { .fn = waiter }, { .fn = giver },
};

static int __init jbd2_reserved_init(void)
{
	bool ok;
	int err;

	err = scenario_journal_open(&sj);
	if (err)
		return err;
	init_x(&x[0]);
	init_x(&x[1]);

	scenario_start(&threads[0]);
	msleep(100);
	scenario_start(&threads[1]);
	ok = scenario_journal_rsv_sleepers(&sj, 1);
	scenario_start(&threads[2]);
	ok = ok && scenario_journal_rsv_sleepers(&sj, 2);
	WRITE_ONCE(release, true);
	scenario_finish(threads, ARRAY_SIZE(threads));
	if (ok)
		pr_info("dept-jbd2-reserved-ok: both waiters got their handles\n");
	else
		pr_err("dept-jbd2-reserved-ok: the waiters never slept\n");
	scenario_journal_close(&sj);
	return 0;
}
SCENARIO_MODULE(jbd2_reserved_init, "DEPT scenario: jbd2 gives a reservation over the limit back, waking an earlier waiter");
