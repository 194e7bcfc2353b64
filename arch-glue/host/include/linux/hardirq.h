/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_HARDIRQ_H
#define _HOST_LINUX_HARDIRQ_H

#include <linux/preempt.h>
#include <linux/irqflags.h>
#include <linux/sched.h>

#endif
