// SPDX-License-Identifier: GPL-2.0
/*
 * A recover site that is declared but never used in code: it recovers
 * nothing, so DEPT refuses the recover dependency and warns.
 */
#include <linux/completion.h>
#include <linux/dept.h>
#include "scenario_threads.h"

static DEFINE_DEPT_EVENT_SITE(es_used);
static DEFINE_DEPT_EVENT_SITE(es_unused);
static DECLARE_COMPLETION(comp_f);

static void complete_used(void)
{
	event_site(&es_used, complete(&comp_f));
}

static int __init recover_unused_init(void)
{
	complete_used();
	dept_recover_event(&es_used, &es_unused);
	return 0;
}
SCENARIO_MODULE(recover_unused_init, "DEPT scenario: a recover site declared but never used");
