// SPDX-License-Identifier: GPL-2.0
/*
 * The module that leaves: holding the keeper's mutex, it waits for the
 * keeper's event with sdt_wait(), which DEPT records with the name of
 * the function that waited (__func__), a string in this module's memory.
 */
#include <linux/dept_sdt.h>
#include <linux/module.h>
#include <linux/mutex.h>

extern struct mutex keeper_mutex;
extern struct dept_map keeper_event;

static int __init visitor_init(void)
{
	mutex_lock(&keeper_mutex);
	sdt_wait(&keeper_event);
	mutex_unlock(&keeper_mutex);
	return 0;
}

static void __exit visitor_exit(void)
{
}

module_init(visitor_init);
module_exit(visitor_exit);
MODULE_DESCRIPTION("DEPT scenario: the module that waits for the keeper's event and leaves");
MODULE_LICENSE("GPL");
