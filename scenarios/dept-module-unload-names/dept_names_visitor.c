// SPDX-License-Identifier: GPL-2.0
/*
 * The module that leaves: it takes the keeper's mutex, then the keeper's
 * rwsem for read through the inline percpu_down_read(), whose wait DEPT
 * records with a function name in this module's memory.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu-rwsem.h>

extern struct mutex keeper_mutex;
extern struct percpu_rw_semaphore keeper_sem;

static int __init visitor_init(void)
{
	mutex_lock(&keeper_mutex);
	percpu_down_read(&keeper_sem);
	percpu_up_read(&keeper_sem);
	mutex_unlock(&keeper_mutex);
	return 0;
}

static void __exit visitor_exit(void)
{
}

module_init(visitor_init);
module_exit(visitor_exit);
MODULE_DESCRIPTION("DEPT scenario: the module that waits on the keeper's rwsem and leaves");
MODULE_LICENSE("GPL");
