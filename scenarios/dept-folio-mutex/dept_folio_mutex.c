// SPDX-License-Identifier: GPL-2.0
/*
 * The first "Limitation of lockdep" of the DEPT documentation:
 *
 *   holder             waiter                 unlocker
 *                      mutex_lock(A)
 *   folio_lock(B)
 *                      folio_lock(B)   <- deadlock
 *                                             mutex_lock(A)   <- deadlock
 *                                             folio_unlock(B)
 *
 * The unlocker takes a second mutex of the same class as the waiter's,
 * so the pattern runs to its end without blocking: its folio_unlock()
 * ends the waiter's sleep in folio_lock(), the slow path.
 */
#include <linux/gfp.h>
#include <linux/pagemap.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static struct folio *folio_b;

static void holder(void)
{
	folio_lock(folio_b);
}

static void waiter(void)
{
	mutex_lock(&held_a);
	folio_lock(folio_b);
	folio_unlock(folio_b);
	mutex_unlock(&held_a);
}

static void unlocker(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	folio_unlock(folio_b);
}

static struct scenario_thread threads[] = {
	{ .fn = holder }, { .fn = waiter }, { .fn = unlocker },
};

static int __init folio_mutex_init(void)
{
	folio_b = folio_alloc(GFP_KERNEL, 0);
	if (!folio_b)
		return -ENOMEM;
	scenario_init_mutexes_a();

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_wait_sleeping(&threads[1]);
	scenario_start(&threads[2]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	folio_put(folio_b);
	return 0;
}
SCENARIO_MODULE(folio_mutex_init, "DEPT scenario: folio lock waited under a mutex its unlocker takes");
