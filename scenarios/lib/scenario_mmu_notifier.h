/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An MMU interval notifier on a page of the address space of the task
 * that loads the scenario module (insmod), driven the way a driver
 * mirroring user memory drives it:
 *
 *   invalidation (munmap)            the driver's read side
 *   invalidate() callback:
 *     mutex_lock(A)
 *     mmu_interval_set_seq()
 *     mutex_unlock(A)
 *                                    the scenario's read side, which
 *                                    calls mmu_interval_read_begin()
 *
 * Both sides run one after the other in insmod, so nothing deadlocks;
 * the scenario decides whether its read side holds a mutex of class
 * mutex_a around mmu_interval_read_begin().
 */

#ifndef __SCENARIO_MMU_NOTIFIER_H
#define __SCENARIO_MMU_NOTIFIER_H

#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/mmu_notifier.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static struct mmu_interval_notifier interval;
static struct mutex taken_a;

/* one call site of mutex_init(): one class, mutex_a, for all of them */
static void mn_init_mutex_a(struct mutex *mutex_a)
{
	mutex_init(mutex_a);
}

static bool interval_invalidate(struct mmu_interval_notifier *sub,
				const struct mmu_notifier_range *range,
				unsigned long cur_seq)
{
	if (!mmu_notifier_range_blockable(range))
		return false;
	mutex_lock(&taken_a);
	mmu_interval_set_seq(sub, cur_seq);
	mutex_unlock(&taken_a);
	return true;
}

static const struct mmu_interval_notifier_ops interval_ops = {
	.invalidate = interval_invalidate,
};

/*
 * Map a page in insmod's address space, watch it, unmap it (an
 * invalidation), then run @read_side while the notifier still watches
 * the range.  Returns 0 or an error for the module's init.
 */
static inline int scenario_mmu_notifier(void (*read_side)(void))
{
	unsigned long addr;
	int ret;

	mn_init_mutex_a(&taken_a);
	addr = vm_mmap(NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, 0);
	if (IS_ERR_VALUE(addr))
		return (int)addr;
	ret = mmu_interval_notifier_insert(&interval, current->mm, addr,
					   PAGE_SIZE, &interval_ops);
	if (ret) {
		vm_munmap(addr, PAGE_SIZE);
		return ret;
	}
	vm_munmap(addr, PAGE_SIZE);
	read_side();
	mmu_interval_notifier_remove(&interval);
	return 0;
}

#endif /* __SCENARIO_MMU_NOTIFIER_H */
