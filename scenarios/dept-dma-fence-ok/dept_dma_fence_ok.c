// SPDX-License-Identifier: GPL-2.0
/*
 * dept-dma-fence-mutex without the lock on the waiting side:
 *
 *   waiter                      signaller
 *   dma_fence_wait(fence_b)
 *                               mutex_lock(A); mutex_unlock(A)
 *                               dma_fence_signal(fence_b)
 */
#include "scenario_dma_fence.h"

static void waiter(void)
{
	dma_fence_wait(&fence_b, false);
}

static int __init dma_fence_ok_init(void)
{
	scenario_dma_fence(waiter);
	return 0;
}
SCENARIO_MODULE(dma_fence_ok_init, "DEPT scenario: dma fence wait holding nothing its signaller takes");
