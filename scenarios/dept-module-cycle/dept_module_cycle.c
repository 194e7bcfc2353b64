// SPDX-License-Identifier: GPL-2.0
/*
 * The cycle of dept-completion-mutex on classes whose keys are in this
 * module: the mutexes' lockdep key (mutex_init()'s static key) and the
 * completion's wait key (wait_for_completion()'s call site).  Unloading
 * the module must make DEPT forget both classes and their dependencies,
 * so that the next load of the module builds them and reports again.
 */
#include "scenario_completion_cycle.h"

static int __init module_cycle_init(void)
{
	scenario_completion_cycle();
	return 0;
}
SCENARIO_MODULE(module_cycle_init, "DEPT scenario: a cycle of classes of a module, reported at each load");
