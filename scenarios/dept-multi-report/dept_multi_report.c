// SPDX-License-Identifier: GPL-2.0
/*
 * Twice the dept-completion-mutex pattern, on disjoint classes: each wait
 * has its own call site, so each completion is a class of its own.
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mutex held_a, taken_a, held_c, taken_c;
static DECLARE_COMPLETION(comp_b);
static DECLARE_COMPLETION(comp_d);

static void init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void init_mutex_c(struct mutex *mutex_c)
{
	mutex_init(mutex_c);
}

static void waiter_ab(void)
{
	mutex_lock(&held_a);
	wait_for_completion(&comp_b);
	mutex_unlock(&held_a);
}

static void completer_ab(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	complete(&comp_b);
}

static void waiter_cd(void)
{
	mutex_lock(&held_c);
	wait_for_completion(&comp_d);
	mutex_unlock(&held_c);
}

static void completer_cd(void)
{
	mutex_lock(&taken_c);
	mutex_unlock(&taken_c);
	complete(&comp_d);
}

static struct scenario_thread threads[] = {
	{ .fn = waiter_ab }, { .fn = completer_ab },
	{ .fn = waiter_cd }, { .fn = completer_cd },
};

static int __init multi_report_init(void)
{
	int i;

	init_mutex_a(&held_a);
	init_mutex_a(&taken_a);
	init_mutex_c(&held_c);
	init_mutex_c(&taken_c);

	for (i = 0; i < ARRAY_SIZE(threads); i += 2) {
		scenario_start(&threads[i]);
		scenario_wait_sleeping(&threads[i]);
		scenario_start(&threads[i + 1]);
		scenario_wait_done(&threads[i]);
	}
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(multi_report_init, "DEPT scenario: two independent cycles in one boot");
