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

static void waiter(void)
{
	handle_t *handle;

	mutex_lock(&x[0]);
	handle = jbd2__journal_start(sj.journal, 1, 8, 0, GFP_NOFS, 0, 0);
	if (!IS_ERR(handle))
		jbd2_journal_stop(handle);
	else
		pr_err("dept-jbd2-reserved-mutex: start: %ld\n", PTR_ERR(handle));
	mutex_unlock(&x[0]);
}

static void holder(void)
{
	handle_t *handle, *reserved;

	/* as ext4's writeback: keep the reserved handle, stop the other */
	handle = jbd2__journal_start(sj.journal, 1, sj.rsv_limit - 2, 0,
				     GFP_NOFS, 0, 0);
	if (IS_ERR(handle)) {
		pr_err("dept-jbd2-reserved-mutex: holder: %ld\n", PTR_ERR(handle));
		return;
	}
	reserved = handle->h_rsv_handle;
	handle->h_rsv_handle = NULL;
	jbd2_journal_stop(handle);
	while (!READ_ONCE(release))
		msleep(20);
	mutex_lock(&x[1]);
	mutex_unlock(&x[1]);
	jbd2_journal_free_reserved(reserved);
}

static struct scenario_thread threads[] = { { .fn = holder }, { .fn = waiter } };

static int __init jbd2_reserved_mutex_init(void)
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
	WRITE_ONCE(release, true);
	scenario_finish(threads, ARRAY_SIZE(threads));
	if (ok)
		pr_info("dept-jbd2-reserved-mutex: the waiter got its handle\n");
	else
		pr_err("dept-jbd2-reserved-mutex: the waiter never slept\n");
	scenario_journal_close(&sj);
	return 0;
}
SCENARIO_MODULE(jbd2_reserved_mutex_init, "DEPT scenario: a jbd2 reservation freed after a wait for the class its waiter holds");
