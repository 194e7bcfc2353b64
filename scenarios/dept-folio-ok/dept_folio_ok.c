// SPDX-License-Identifier: GPL-2.0
/*
 *   locker                 waiter
 *   folio_lock(B)
 *                          folio_lock(B)     <- sleeps
 *   folio_unlock(B)
 *                          folio_unlock(B)
 *
 * No other lock anywhere: the slow path of folio_lock() and the hand-over
 * of the lock in folio_unlock() make no dependency of their own.
 */
#include <linux/gfp.h>
#include <linux/pagemap.h>
#include "scenario_threads.h"

static struct folio *folio_b;

static void waiter(void)
{
	folio_lock(folio_b);
	folio_unlock(folio_b);
}

static struct scenario_thread threads[] = {
	{ .fn = waiter },
};

static int __init folio_ok_init(void)
{
	folio_b = folio_alloc(GFP_KERNEL, 0);
	if (!folio_b)
		return -ENOMEM;

	folio_lock(folio_b);
	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	folio_unlock(folio_b);
	scenario_finish(threads, ARRAY_SIZE(threads));
	folio_put(folio_b);
	return 0;
}
SCENARIO_MODULE(folio_ok_init, "DEPT scenario: a folio locked and unlocked, no other lock");
