// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle of dept-completion-mutex twice, on disjoint classes:
 *
 *   waiter                     completer
 *   mutex_lock(A)
 *   wait_for_completion(B)
 *                              mutex_lock(A)
 *                              complete(B)
 *
 * For mutex_a/comp_b the completer completes at event site es_wake,
 * which es_rescue recovers: another path (here rescue_b(), a stand-in
 * for a timeout handler) also completes comp_b, so the waiter is not
 * stuck for good and DEPT must not report.  For mutex_c/comp_d the
 * completer completes without a site: DEPT reports that cycle.
 */
#include <linux/completion.h>
#include <linux/dept.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static DEFINE_DEPT_EVENT_SITE(es_wake);
static DEFINE_DEPT_EVENT_SITE(es_rescue);

static struct mutex held_a, taken_a, held_c, taken_c;
static DECLARE_COMPLETION(comp_b);
static DECLARE_COMPLETION(comp_d);

/* one call site of mutex_init() per class */
static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void init_mutex_c(struct mutex *mutex_c)
{
	mutex_init(mutex_c);
}

static void waiter_b(void)
{
	mutex_lock(&held_a);
	wait_for_completion(&comp_b);
	mutex_unlock(&held_a);
}

static void completer_b(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	event_site(&es_wake, complete(&comp_b));
}

static void rescue_b(void)
{
	event_site(&es_rescue, complete(&comp_b));
}

static void waiter_d(void)
{
	mutex_lock(&held_c);
	wait_for_completion(&comp_d);
	mutex_unlock(&held_c);
}

static void completer_d(void)
{
	mutex_lock(&taken_c);
	mutex_unlock(&taken_c);
	complete(&comp_d);
}

static void run_pair(struct scenario_thread *threads)
{
	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, 2);
}

static int __init recover_suppressed_init(void)
{
	static struct scenario_thread recovered[] = {
		{ .fn = waiter_b }, { .fn = completer_b },
	};
	static struct scenario_thread plain[] = {
		{ .fn = waiter_d }, { .fn = completer_d },
	};

	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);
	init_mutex_c(&held_c);
	init_mutex_c(&taken_c);

	dept_recover_event(&es_wake, &es_rescue);
	run_pair(recovered);
	rescue_b();
	run_pair(plain);
	return 0;
}
SCENARIO_MODULE(recover_suppressed_init, "DEPT scenario: a cycle through a recoverable event site is not reported");
