/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The C library includes <linux/limits.h> itself and must still get
 * the system's; the kernel's LONG_MAX and friends come from <limits.h>.
 */
#ifndef _HOST_LINUX_LIMITS_H
#define _HOST_LINUX_LIMITS_H

#include_next <linux/limits.h>
#include <limits.h>

#endif
