// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/dept_fault_context: a write of "await" makes
 * fault_event awaited and waits on fault_wait, in the writer's system call;
 * the first touch of the file's mapping faults, and the fault handler fires
 * fault_event, then awaits and fires the control pair in that same fault.
 * user/fault_after_await.c does the write and then the touch, with no
 * system call between them: only the page fault entry separates the two
 * contexts.
 *
 * Both pairs start with "wait -> event" in DEPT's graph
 * (scenario_dept_pair.h).  Only the control's steps share a context.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include "scenario_dept_pair.h"

static struct scenario_pair subject, control;
static struct page *page;

static vm_fault_t fire_on_fault(struct vm_fault *vmf)
{
	scenario_pair_fire(&subject);
	scenario_pair_await(&control);
	scenario_pair_fire(&control);
	pr_info("dept-fault-context: fired in a user page fault\n");

	get_page(page);
	vmf->page = page;
	return 0;
}

static const struct vm_operations_struct fire_vm_ops = {
	.fault = fire_on_fault,
};

static int step_mmap(struct file *f, struct vm_area_struct *vma)
{
	vma->vm_ops = &fire_vm_ops;
	return 0;
}

static ssize_t step_write(struct file *f, const char __user *buf, size_t len,
			  loff_t *pos)
{
	char step[16];

	if (len >= sizeof(step))
		return -EINVAL;
	if (copy_from_user(step, buf, len))
		return -EFAULT;
	step[len] = '\0';
	if (!sysfs_streq(step, "await"))
		return -EINVAL;

	scenario_pair_await(&subject);
	pr_info("dept-fault-context: await done\n");
	return len;
}

static const struct file_operations step_fops = {
	.owner = THIS_MODULE,
	.write = step_write,
	.mmap = step_mmap,
};

/*
 * A character device, not a regular file: the write path of a regular
 * file holds locks (the file's f_pos_lock, the superblock's sb_writers)
 * around the step, and DEPT would rightly tie them to the pair's classes.
 */
static struct miscdevice step_device = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "dept_fault_context",
	.fops = &step_fops,
	.mode = 0600,
};

static int __init fault_context_init(void)
{
	int ret;

	page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!page)
		return -ENOMEM;
	scenario_pair_init(&subject, "fault_event", "fault_wait");
	scenario_pair_init(&control, "control_event", "control_wait");
	ret = misc_register(&step_device);
	if (ret)
		put_page(page);
	return ret;
}

static void __exit fault_context_exit(void)
{
	misc_deregister(&step_device);
	put_page(page);
}

module_init(fault_context_init);
module_exit(fault_context_exit);
MODULE_DESCRIPTION("DEPT scenario: an event in a user page fault after a wait in a system call");
MODULE_LICENSE("GPL");
