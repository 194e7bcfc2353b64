/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running a scenario function in interrupt context: in a hard IRQ (an
 * hrtimer in hard mode) or in a softirq (a timer_list callback), while
 * the calling thread polls for its end with msleep().
 */

#ifndef __SCENARIO_IRQ_H
#define __SCENARIO_IRQ_H

#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/timer.h>

struct scenario_irq {
	struct hrtimer hrtimer;
	struct timer_list timer;
	void (*fn)(void);
	bool done;
};

static struct scenario_irq scenario_irq;

static void scenario_irq_run(void)
{
	scenario_irq.fn();
	smp_store_release(&scenario_irq.done, true);
}

static enum hrtimer_restart scenario_hrtimer_fn(struct hrtimer *t)
{
	scenario_irq_run();
	return HRTIMER_NORESTART;
}

static void scenario_timer_fn(struct timer_list *t)
{
	scenario_irq_run();
}

static inline void scenario_irq_wait(void)
{
	while (!smp_load_acquire(&scenario_irq.done))
		msleep(1);
}

/* Run @fn from a hard IRQ and wait until it has run. */
static inline void scenario_in_hardirq(void (*fn)(void))
{
	scenario_irq.fn = fn;
	scenario_irq.done = false;
	hrtimer_init(&scenario_irq.hrtimer, CLOCK_MONOTONIC,
		     HRTIMER_MODE_REL_HARD);
	scenario_irq.hrtimer.function = scenario_hrtimer_fn;
	hrtimer_start(&scenario_irq.hrtimer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	scenario_irq_wait();
	hrtimer_cancel(&scenario_irq.hrtimer);
}

/* Run @fn from a softirq and wait until it has run. */
static inline void scenario_in_softirq(void (*fn)(void))
{
	scenario_irq.fn = fn;
	scenario_irq.done = false;
	timer_setup(&scenario_irq.timer, scenario_timer_fn, 0);
	mod_timer(&scenario_irq.timer, jiffies + 1);
	scenario_irq_wait();
	del_timer_sync(&scenario_irq.timer);
}

#endif /* __SCENARIO_IRQ_H */
