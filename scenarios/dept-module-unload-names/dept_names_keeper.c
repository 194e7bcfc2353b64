// SPDX-License-Identifier: GPL-2.0
/*
 * The module that stays: the owner of both classes, its mutex and the
 * event its map stands for.  Writing to its parameter close_cycle takes
 * the mutex inside the event's context, before the event: the reverse
 * of the visitor, which waits for the event holding the mutex.
 */
#include <linux/dept_sdt.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>

DEFINE_MUTEX(keeper_mutex);
EXPORT_SYMBOL_GPL(keeper_mutex);
struct dept_map keeper_event;
EXPORT_SYMBOL_GPL(keeper_event);
static struct dept_key keeper_event_key;

static int close_cycle_set(const char *val, const struct kernel_param *kp)
{
	sdt_ecxt_enter(&keeper_event);
	mutex_lock(&keeper_mutex);
	mutex_unlock(&keeper_mutex);
	sdt_event(&keeper_event);
	sdt_ecxt_exit(&keeper_event);
	pr_info("dept-module-unload-names: the keeper closed the cycle\n");
	return 0;
}

static const struct kernel_param_ops close_cycle_ops = {
	.set = close_cycle_set,
};
module_param_cb(close_cycle, &close_cycle_ops, NULL, 0200);

static int __init keeper_init(void)
{
	dept_map_init(&keeper_event, &keeper_event_key, 0, "keeper_event");
	return 0;
}

static void __exit keeper_exit(void)
{
}

module_init(keeper_init);
module_exit(keeper_exit);
MODULE_DESCRIPTION("DEPT scenario: the module that owns the classes and stays");
MODULE_LICENSE("GPL");
