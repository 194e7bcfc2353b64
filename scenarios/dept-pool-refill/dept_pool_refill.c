// SPDX-License-Identifier: GPL-2.0
/*
 * Booted with dept_pool_objs=64, so every DEPT pool holds 64 objects and
 * refills by 64: a chain of 256 classes needs several refills of each
 * pool.  Loaded again with close_cycle=1, it runs one cycle that DEPT must
 * report as usual.
 *
 * The rest of the kernel keeps drawing on the same 64 objects, so a step
 * may find a pool empty and go untracked; run.sh waits for the pools to
 * be refilled before it loads the module for the cycle, whose dependencies
 * must not be lost that way.
 */
#include "scenario_class_chain.h"

SCENARIO_CLASS_CHAIN_MODULE(256, "DEPT scenario: hundreds of classes with tiny pools, then a cycle");
