// SPDX-License-Identifier: GPL-2.0
/*
 * After lockdep's boot-time selftests, the completion/mutex cycle of
 * dept-completion-mutex on fresh classes: DEPT must still report it, so
 * the selftests' deliberate deadlocks left it working.
 */
#include "scenario_completion_cycle.h"

static int __init selftests_cycle_init(void)
{
	scenario_completion_cycle();
	return 0;
}
SCENARIO_MODULE(selftests_cycle_init, "DEPT scenario: a fresh cycle after lockdep's selftests");
