/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_PANIC_H
#define _HOST_LINUX_PANIC_H

#include <linux/compiler_types.h>

__printf(1, 2) __noreturn __cold void panic(const char *fmt, ...);
const char *print_tainted(void);

#endif
