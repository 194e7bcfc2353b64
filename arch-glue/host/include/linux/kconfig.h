/* SPDX-License-Identifier: GPL-2.0 */
/* Force-included first, as in a kernel build (-include linux/kconfig.h). */
#ifndef _HOST_LINUX_KCONFIG_H
#define _HOST_LINUX_KCONFIG_H

#include <generated/autoconf.h>

/* A config symbol is enabled when it is defined to 1 (no modules here). */
#define __HOST_ARG_PLACEHOLDER_1 0,
#define __host_take_second(ignored, val, ...) val
#define __host_is_defined(x) ___host_is_defined(x)
#define ___host_is_defined(val) ____host_is_defined(__HOST_ARG_PLACEHOLDER_##val)
#define ____host_is_defined(arg1_or_junk) __host_take_second(arg1_or_junk 1, 0)

#define IS_ENABLED(option) __host_is_defined(option)
#define IS_BUILTIN(option) __host_is_defined(option)
#define IS_MODULE(option) 0
#define IS_REACHABLE(option) __host_is_defined(option)

#endif
