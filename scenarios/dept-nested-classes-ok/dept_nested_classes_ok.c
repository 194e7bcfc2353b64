// SPDX-License-Identifier: GPL-2.0
/*
 * Parents and children of two classes, each class the parent of the
 * other somewhere, with the depths declared by *_lock_nested().
 */
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include "scenario_threads.h"

/* Subclasses as the VFS names them for a directory and its child. */
enum { SCENARIO_PARENT = 1, SCENARIO_CHILD = 2 };

static struct rw_semaphore dir_a, dir_b;
static spinlock_t ptl_a, ptl_b;

static void lock_dirs(struct rw_semaphore *parent, struct rw_semaphore *child)
{
	down_write_nested(parent, SCENARIO_PARENT);
	down_write_nested(child, SCENARIO_CHILD);
	up_write(child);
	up_write(parent);
}

static void lock_ptls(spinlock_t *old, spinlock_t *new)
{
	spin_lock(old);
	spin_lock_nested(new, SINGLE_DEPTH_NESTING);
	spin_unlock(new);
	spin_unlock(old);
}

static void a_over_b(void)
{
	lock_dirs(&dir_a, &dir_b);
	lock_ptls(&ptl_a, &ptl_b);
}

static void b_over_a(void)
{
	lock_dirs(&dir_b, &dir_a);
	lock_ptls(&ptl_b, &ptl_a);
}

static struct scenario_thread threads[] = {
	{ .fn = a_over_b }, { .fn = b_over_a },
};

static int __init nested_classes_init(void)
{
	init_rwsem(&dir_a);
	init_rwsem(&dir_b);
	spin_lock_init(&ptl_a);
	spin_lock_init(&ptl_b);

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));
	return 0;
}
SCENARIO_MODULE(nested_classes_init,
		"DEPT scenario: declared nesting of two classes");
