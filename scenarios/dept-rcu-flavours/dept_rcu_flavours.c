// SPDX-License-Identifier: GPL-2.0
/*
 * Grace periods of two flavours, both waited for in __wait_rcu_gp():
 * RCU's, and the module's own, which ends in a thread of the module.
 */
#include <linux/mutex.h>
#include <linux/rcupdate_wait.h>
#include "scenario_threads.h"

static struct mutex waiter_side, gp_side;

static void init_scenario_lock(struct mutex *scenario_lock)
{
	mutex_init(scenario_lock);
}

/* The module's flavour: a grace period is end_scenario_gp()'s turn. */
static struct rcu_head *gp_head;
static rcu_callback_t gp_func;

static void scenario_call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	gp_func = func;
	/* gp_func is set before end_scenario_gp() finds the request */
	smp_store_release(&gp_head, head);
}

static void end_scenario_gp(void)
{
	struct rcu_head *head;

	/* pairs with scenario_call_rcu()'s release */
	while (!(head = smp_load_acquire(&gp_head)))
		msleep(20);
	WRITE_ONCE(gp_head, NULL);
	mutex_lock(&gp_side);
	mutex_unlock(&gp_side);
	gp_func(head);
}

static void waiter(void)
{
	mutex_lock(&waiter_side);
	wait_rcu_gp(call_rcu);
	mutex_unlock(&waiter_side);
}

static void plain_waiter(void)
{
	wait_rcu_gp(scenario_call_rcu);
}

static void locked_waiter(void)
{
	mutex_lock(&waiter_side);
	wait_rcu_gp(scenario_call_rcu);
	mutex_unlock(&waiter_side);
}

static struct scenario_thread rcu_waiter = { .fn = waiter };

static struct scenario_thread plain_pair[] = {
	{ .fn = plain_waiter }, { .fn = end_scenario_gp },
};

static struct scenario_thread locked_pair[] = {
	{ .fn = locked_waiter }, { .fn = end_scenario_gp },
};

static int __init rcu_flavours_init(void)
{
	init_scenario_lock(&waiter_side);
	init_scenario_lock(&gp_side);

	scenario_start(&rcu_waiter);
	scenario_finish(&rcu_waiter, 1);
	scenario_sleep_then_wake(plain_pair);
	scenario_sleep_then_wake(locked_pair);
	return 0;
}
SCENARIO_MODULE(rcu_flavours_init,
		"DEPT scenario: grace periods of two flavours at one wait site");
