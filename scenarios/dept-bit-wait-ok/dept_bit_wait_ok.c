// SPDX-License-Identifier: GPL-2.0
/*
 * Two unrelated bits, X and Y, that hash to one bit waitqueue:
 *
 *   sleeper_x              sleeper_y              waker_y       waker_x
 *   mutex_lock(A)
 *   wait_on_bit(X)
 *                          wait_on_bit(Y)
 *                                                 mutex_lock(A)
 *                                                 wake Y
 *                                                               wake X
 *
 * waker_y takes a mutex of sleeper_x's class before it wakes Y, on the
 * queue that sleeper_x sleeps on too; X and Y are different bits, so the
 * wake-up of Y is not an event of sleeper_x's wait, and nothing deadlocks:
 * waker_x wakes X holding nothing.  sleeper_y waits with no lock held.
 */
#include <linux/wait_bit.h>
#include "scenario_mutex_a.h"
#include "scenario_threads.h"

static unsigned long word_x = 1UL;
static unsigned long words[64];
static unsigned long *word_y;
static int bit_y;

static void sleeper_x(void)
{
	mutex_lock(&held_a);
	wait_on_bit(&word_x, 0, TASK_UNINTERRUPTIBLE);
	mutex_unlock(&held_a);
}

static void sleeper_y(void)
{
	wait_on_bit(word_y, bit_y, TASK_UNINTERRUPTIBLE);
}

static void waker_y(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	clear_and_wake_up_bit(bit_y, word_y);
}

static void waker_x(void)
{
	clear_and_wake_up_bit(0, &word_x);
}

static struct scenario_thread threads[] = {
	{ .fn = sleeper_x }, { .fn = sleeper_y },
	{ .fn = waker_y }, { .fn = waker_x },
};

/* a bit of words[] whose waitqueue is X's */
static bool find_bit_y(void)
{
	struct wait_queue_head *wq_x = bit_waitqueue(&word_x, 0);
	int i, b;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		for (b = 0; b < BITS_PER_LONG; b++) {
			if (bit_waitqueue(&words[i], b) == wq_x) {
				word_y = &words[i];
				bit_y = b;
				return true;
			}
		}
	}
	return false;
}

static int __init bit_wait_ok_init(void)
{
	if (!find_bit_y()) {
		pr_err("dept-bit-wait-ok: no bit shares X's waitqueue\n");
		return -ENOENT;
	}
	pr_info("dept-bit-wait-ok: X and Y share one waitqueue\n");
	set_bit(bit_y, word_y);
	scenario_init_mutexes_a();

	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_wait_sleeping(&threads[1]);
	scenario_start(&threads[2]);
	scenario_wait_done(&threads[2]);
	scenario_wait_done(&threads[1]);
	if (!test_bit(0, &word_x) || READ_ONCE(threads[0].done))
		pr_err("dept-bit-wait-ok: waking Y ended X's wait\n");
	else
		pr_info("dept-bit-wait-ok: X still awaited after Y's wake-up\n");
	scenario_start(&threads[3]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(bit_wait_ok_init, "DEPT scenario: unrelated bits on one hashed waitqueue");
