// SPDX-License-Identifier: GPL-2.0
/*
 * The module that stays: the owner of both classes.  Writing to its
 * parameter close_cycle takes its rwsem for read and then its mutex, the
 * reverse of the visitor's order.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu-rwsem.h>

DEFINE_MUTEX(keeper_mutex);
EXPORT_SYMBOL_GPL(keeper_mutex);
DEFINE_PERCPU_RWSEM(keeper_sem);
EXPORT_SYMBOL_GPL(keeper_sem);

static int close_cycle_set(const char *val, const struct kernel_param *kp)
{
	percpu_down_read(&keeper_sem);
	mutex_lock(&keeper_mutex);
	mutex_unlock(&keeper_mutex);
	percpu_up_read(&keeper_sem);
	pr_info("dept-module-unload-names: the keeper closed the cycle\n");
	return 0;
}

static const struct kernel_param_ops close_cycle_ops = {
	.set = close_cycle_set,
};
module_param_cb(close_cycle, &close_cycle_ops, NULL, 0200);

MODULE_DESCRIPTION("DEPT scenario: the module that owns the classes and stays");
MODULE_LICENSE("GPL");
