// SPDX-License-Identifier: GPL-2.0
/*
 *   sleeper                        waker
 *   mutex_lock(A)
 *   wait_on_bit(word, 0)
 *                                  mutex_lock(A)   <- deadlock
 *                                  clear_and_wake_up_bit(0, word)
 *
 * The waker takes a second mutex of the same class as the sleeper's, so
 * the pattern runs to its end.
 */
#include <linux/wait_bit.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static unsigned long word = 1UL;

static void sleeper(void)
{
	mutex_lock(&held_a);
	wait_on_bit(&word, 0, TASK_UNINTERRUPTIBLE);
	mutex_unlock(&held_a);
}

static void waker(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	clear_and_wake_up_bit(0, &word);
}

static struct scenario_thread threads[] = {
	{ .fn = sleeper }, { .fn = waker },
};

static int __init bit_wait_mutex_init(void)
{
	scenario_init_mutexes_a();

	scenario_sleep_then_wake(threads);
	return 0;
}
SCENARIO_MODULE(bit_wait_mutex_init, "DEPT scenario: bit wait under a mutex its waker takes");
