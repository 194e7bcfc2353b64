// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 2 of dept-stress: NR_CYCLES different cycles closed at once.  Each
 * is the cycle of dept-completion-mutex on classes of its own (mutex_N,
 * comp_N): its waiter holds a mutex of class mutex_N and waits for comp_N;
 * two completers each take another mutex of class mutex_N, then complete
 * comp_N.  All waiters sleep first, then all completers start together, so
 * the cycles close from several threads on every CPU at the same time.
 * Each cycle must be reported once, however many threads close it.
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

/*
 * Classes come from call sites: each cycle has its own mutex_init() and
 * wait_for_completion() call, in functions of its own.
 */
#define CYCLE(n)							\
static struct mutex held_##n, taken_##n[2];				\
static DECLARE_COMPLETION(comp_##n);					\
									\
static void init_mutex_##n(struct mutex *mutex_##n)			\
{									\
	mutex_init(mutex_##n);						\
}									\
									\
static void waiter_##n(void)						\
{									\
	mutex_lock(&held_##n);						\
	wait_for_completion(&comp_##n);					\
	mutex_unlock(&held_##n);					\
}									\
									\
static void completer_##n(struct mutex *taken)				\
{									\
	mutex_lock(taken);						\
	mutex_unlock(taken);						\
	complete(&comp_##n);						\
}									\
									\
static void completer_##n##_a(void) { completer_##n(&taken_##n[0]); }	\
static void completer_##n##_b(void) { completer_##n(&taken_##n[1]); }	\
									\
static void init_cycle_##n(void)					\
{									\
	init_mutex_##n(&held_##n);					\
	init_mutex_##n(&taken_##n[0]);					\
	init_mutex_##n(&taken_##n[1]);					\
}

CYCLE(0)
CYCLE(1)
CYCLE(2)
CYCLE(3)

#define NR_CYCLES 4

static struct scenario_thread waiters[NR_CYCLES] = {
	{ .fn = waiter_0 }, { .fn = waiter_1 },
	{ .fn = waiter_2 }, { .fn = waiter_3 },
};

static struct scenario_thread completers[2 * NR_CYCLES] = {
	{ .fn = completer_0_a }, { .fn = completer_0_b },
	{ .fn = completer_1_a }, { .fn = completer_1_b },
	{ .fn = completer_2_a }, { .fn = completer_2_b },
	{ .fn = completer_3_a }, { .fn = completer_3_b },
};

static int __init cycles_init(void)
{
	int i;

	init_cycle_0();
	init_cycle_1();
	init_cycle_2();
	init_cycle_3();
	for (i = 0; i < NR_CYCLES; i++) {
		scenario_start(&waiters[i]);
		scenario_wait_sleeping(&waiters[i]);
	}
	for (i = 0; i < ARRAY_SIZE(completers); i++)
		scenario_start(&completers[i]);
	scenario_finish(completers, ARRAY_SIZE(completers));
	scenario_finish(waiters, NR_CYCLES);
	return 0;
}
SCENARIO_MODULE(cycles_init, "DEPT scenario: several cycles closed at once");
