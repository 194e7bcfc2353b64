// SPDX-License-Identifier: GPL-2.0
/*
 * Correct code whose DEPT classes all live in this module: two mutexes
 * nested outer then inner, a spinlock inside inner, and a completion the
 * waiter sleeps on while it holds outer.  Every load gives DEPT the four
 * classes, their dependencies on each other and on the kernel's classes
 * (the scheduler's locks the wake-up takes), and the waits and contexts
 * these refer to; no cycle, so no report.  Unloading must give all of it
 * back (dept_free_range()).
 */
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include "scenario_threads.h"

static DEFINE_MUTEX(unload_outer);
static DEFINE_MUTEX(unload_inner);
static DEFINE_SPINLOCK(unload_spin);
static DECLARE_COMPLETION(unload_comp);

static void unload_nest(void)
{
	mutex_lock(&unload_outer);
	mutex_lock(&unload_inner);
	spin_lock(&unload_spin);
	spin_unlock(&unload_spin);
	mutex_unlock(&unload_inner);
	mutex_unlock(&unload_outer);
}

static void unload_waiter(void)
{
	mutex_lock(&unload_outer);
	wait_for_completion(&unload_comp);
	mutex_unlock(&unload_outer);
}

static void unload_completer(void)
{
	mutex_lock(&unload_inner);
	spin_lock(&unload_spin);
	spin_unlock(&unload_spin);
	mutex_unlock(&unload_inner);
	complete(&unload_comp);
}

static int __init module_unload_init(void)
{
	static struct scenario_thread threads[] = {
		{ .fn = unload_waiter }, { .fn = unload_completer },
	};

	unload_nest();
	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(module_unload_init, "DEPT scenario: classes of a module, given back at each unload");
