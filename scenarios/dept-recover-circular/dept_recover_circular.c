// SPDX-License-Identifier: GPL-2.0
/*
 * Two event sites of one completion, each declared the recovery of the
 * other.  Then neither is: if the event at es_first cannot happen, its
 * waiter counts on es_second, whose own event counts on es_first.
 */
#include <linux/completion.h>
#include <linux/dept.h>
#include "scenario_threads.h"

static DEFINE_DEPT_EVENT_SITE(es_first);
static DEFINE_DEPT_EVENT_SITE(es_second);
static DECLARE_COMPLETION(comp_e);

static void complete_first(void)
{
	event_site(&es_first, complete(&comp_e));
}

static void complete_second(void)
{
	event_site(&es_second, complete(&comp_e));
}

static int __init recover_circular_init(void)
{
	complete_first();
	complete_second();
	dept_recover_event(&es_first, &es_second);
	dept_recover_event(&es_second, &es_first);
	return 0;
}
SCENARIO_MODULE(recover_circular_init, "DEPT scenario: two event sites that recover each other");
