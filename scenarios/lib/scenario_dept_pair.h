/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A pair of DEPT classes for scenarios about DEPT's contexts: an event and
 * a wait, named by the scenario, with the dependency "wait -> event"
 * already in DEPT's graph (the wait's event waited for the event once).
 * A dependency "event -> wait" would close a cycle, so DEPT reports it
 * when, and only when, it records it:
 *
 *	scenario_pair_await(p)	the event is awaited, then the wait happens
 *	scenario_pair_fire(p)	the event happens
 *
 * In one context, await then fire records "event -> wait": the event came
 * after a wait that it may have needed.  In two contexts it must not.
 */

#ifndef __SCENARIO_DEPT_PAIR_H
#define __SCENARIO_DEPT_PAIR_H

#include <linux/dept_sdt.h>

struct scenario_pair {
	struct dept_key event_key, wait_key;
	struct dept_map event, wait;
};

static inline void scenario_pair_init(struct scenario_pair *p,
				      const char *event, const char *wait)
{
	dept_map_init(&p->event, &p->event_key, 0, event);
	dept_map_init(&p->wait, &p->wait_key, 0, wait);

	/* wait -> event: while the wait's event may be awaited, wait for event */
	sdt_ecxt_enter(&p->wait);
	sdt_wait(&p->event);
	sdt_ecxt_exit(&p->wait);
}

static inline void scenario_pair_await(struct scenario_pair *p)
{
	sdt_request_event(&p->event);
	sdt_wait(&p->wait);
}

static inline void scenario_pair_fire(struct scenario_pair *p)
{
	sdt_event(&p->event);
}

#endif /* __SCENARIO_DEPT_PAIR_H */
