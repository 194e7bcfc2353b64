/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WARN*() print the kernel's "WARNING: CPU: n PID: n at file:line" with
 * a stack dump and go on; BUG*() print "BUG:" and abort the program.
 */
#ifndef _HOST_LINUX_BUG_H
#define _HOST_LINUX_BUG_H

#include <linux/compiler.h>

__printf(3, 4) void host_warn(const char *file, int line, const char *fmt, ...);
__noreturn void host_bug(const char *file, int line);

#define WARN(cond, fmt, ...)						\
({									\
	int __wret = !!(cond);						\
									\
	if (unlikely(__wret))						\
		host_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__);	\
	unlikely(__wret);						\
})
#define WARN_ON(cond)		WARN(cond, "%s", "")

#define WARN_ONCE(cond, fmt, ...)					\
({									\
	static bool __warned;						\
	int __wret = !!(cond);						\
									\
	if (unlikely(__wret) &&						\
	    !__atomic_exchange_n(&__warned, true, __ATOMIC_RELAXED))	\
		host_warn(__FILE__, __LINE__, fmt, ##__VA_ARGS__);	\
	unlikely(__wret);						\
})
#define WARN_ON_ONCE(cond)	WARN_ONCE(cond, "%s", "")

#define BUG()			host_bug(__FILE__, __LINE__)
#define BUG_ON(cond)		do { if (unlikely(cond)) BUG(); } while (0)
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")

#endif
