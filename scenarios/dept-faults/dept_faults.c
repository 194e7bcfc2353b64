// SPDX-License-Identifier: GPL-2.0
/*
 * Loaded while every allocation under DEPT's pool refill fails: a chain
 * of 128 classes needs far more classes and dependencies than the 64
 * objects a pool holds under dept_pool_objs=64, so DEPT asks for a
 * refill, which fails.  Loaded again with close_cycle=1, it runs the
 * completion/mutex cycle, which a stopped DEPT must not report.
 */
#include "scenario_class_chain.h"

SCENARIO_CLASS_CHAIN_MODULE(128, "DEPT scenario: pools that cannot be refilled");
