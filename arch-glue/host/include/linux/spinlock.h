/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_SPINLOCK_H
#define _HOST_LINUX_SPINLOCK_H

#include <asm/spinlock.h>
#include <linux/irqflags.h>

#endif
