// SPDX-License-Identifier: GPL-2.0
/*
 *   waiter                      signaller
 *   mutex_lock(A)
 *   dma_fence_wait(fence_b)
 *                               mutex_lock(A)   <- deadlock
 *                               dma_fence_signal(fence_b)
 *
 * The signaller takes a second mutex of A's class, so the pattern runs
 * to its end.
 */
#include "scenario_dma_fence.h"

static struct mutex held_a;

static void waiter(void)
{
	mutex_lock(&held_a);
	dma_fence_wait(&fence_b, false);
	mutex_unlock(&held_a);
}

static int __init dma_fence_mutex_init(void)
{
	fence_init_mutex_a(&held_a);
	scenario_dma_fence(waiter);
	return 0;
}
SCENARIO_MODULE(dma_fence_mutex_init, "DEPT scenario: dma fence wait under a mutex its signaller takes");
