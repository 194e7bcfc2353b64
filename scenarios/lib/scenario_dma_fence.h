/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A dma fence for scenario modules, signalled by another thread, the way
 * a driver's fence is signalled by its completion work:
 *
 *   waiter                      signaller
 *   [locks the scenario holds]
 *   dma_fence_wait(fence_b)
 *                               mutex_lock(A); mutex_unlock(A)
 *                               dma_fence_signal(fence_b)
 *
 * The signaller takes a mutex of class mutex_a before it signals; the
 * scenario decides what the waiter holds.  fence_b is static and never
 * released, so its ops need no release callback.
 */

#ifndef __SCENARIO_DMA_FENCE_H
#define __SCENARIO_DMA_FENCE_H

#include <linux/dma-fence.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include "scenario_threads.h"

static DEFINE_SPINLOCK(fence_b_lock);
static struct dma_fence fence_b;
static struct mutex taken_a;

static const char *fence_b_name(struct dma_fence *fence)
{
	return "scenario";
}

static const struct dma_fence_ops fence_b_ops = {
	.get_driver_name = fence_b_name,
	.get_timeline_name = fence_b_name,
};

/* one call site of mutex_init(): one class, mutex_a, for all of them */
static void fence_init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static void fence_signaller(void)
{
	mutex_lock(&taken_a);
	mutex_unlock(&taken_a);
	dma_fence_signal(&fence_b);
}

/* Run @waiter, which waits for fence_b, against the signaller. */
static inline void scenario_dma_fence(void (*waiter)(void))
{
	static struct scenario_thread threads[2];

	dma_fence_init(&fence_b, &fence_b_ops, &fence_b_lock,
		       dma_fence_context_alloc(1), 1);
	fence_init_mutex_a(&taken_a);
	threads[0].fn = waiter;
	threads[1].fn = fence_signaller;
	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
}

#endif /* __SCENARIO_DMA_FENCE_H */
