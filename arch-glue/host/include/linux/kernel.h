/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_KERNEL_H
#define _HOST_LINUX_KERNEL_H

#include <stdio.h>		/* snprintf(), as the kernel's linux/sprintf.h */
#include <linux/types.h>
#include <linux/limits.h>
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/array_size.h>
#include <linux/minmax.h>
#include <linux/instruction_pointer.h>
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/panic.h>
#include <linux/bug.h>
#include <linux/kstrtox.h>
#include <linux/atomic.h>
#include <asm/processor.h>

#endif
