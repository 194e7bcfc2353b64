// SPDX-License-Identifier: GPL-2.0
/*
 * Each write to /dev/dept_syscall_context is one step, done in the writer's
 * system call (run.sh writes "await" and "fire" in two write() calls of one
 * shell):
 *
 *   "await"    syscall_event is awaited, then a wait on syscall_wait
 *   "fire"     syscall_event happens
 *   "control"  both on control_event/control_wait, in one system call
 *
 * Both pairs start with "wait -> event" in DEPT's graph
 * (scenario_dept_pair.h).  Only the control's steps share a context.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "scenario_dept_pair.h"

static struct scenario_pair subject, control;

static ssize_t step_write(struct file *f, const char __user *buf, size_t len,
			  loff_t *pos)
{
	char step[16];

	if (len >= sizeof(step))
		return -EINVAL;
	if (copy_from_user(step, buf, len))
		return -EFAULT;
	step[len] = '\0';

	if (sysfs_streq(step, "await")) {
		scenario_pair_await(&subject);
	} else if (sysfs_streq(step, "fire")) {
		scenario_pair_fire(&subject);
	} else if (sysfs_streq(step, "control")) {
		scenario_pair_await(&control);
		scenario_pair_fire(&control);
	} else {
		return -EINVAL;
	}
	pr_info("dept-syscall-context: %s done\n", strim(step));
	return len;
}

static const struct file_operations step_fops = {
	.owner = THIS_MODULE,
	.write = step_write,
};

/*
 * A character device, not a regular file: the write path of a regular
 * file holds locks (the file's f_pos_lock, the superblock's sb_writers)
 * around the step, and DEPT would rightly tie them to the pair's classes.
 */
static struct miscdevice step_device = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "dept_syscall_context",
	.fops = &step_fops,
	.mode = 0200,
};

static int __init syscall_context_init(void)
{
	scenario_pair_init(&subject, "syscall_event", "syscall_wait");
	scenario_pair_init(&control, "control_event", "control_wait");
	return misc_register(&step_device);
}

static void __exit syscall_context_exit(void)
{
	misc_deregister(&step_device);
}

module_init(syscall_context_init);
module_exit(syscall_context_exit);
MODULE_DESCRIPTION("DEPT scenario: an event and a wait in two system calls");
MODULE_LICENSE("GPL");
