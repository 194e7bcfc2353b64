// SPDX-License-Identifier: GPL-2.0
/*
 * The plain completion/mutex cycle, on its own (scenario_completion_cycle.h
 * draws it):
 *
 *   waiter                     completer
 *   mutex_lock(A)
 *   wait_for_completion(B)
 *                              mutex_lock(A)   <- deadlock
 *                              complete(B)
 */
#include "scenario_completion_cycle.h"

static int __init completion_mutex_init(void)
{
	scenario_completion_cycle();
	return 0;
}
SCENARIO_MODULE(completion_mutex_init, "DEPT scenario: completion waited under a mutex its completer takes");
