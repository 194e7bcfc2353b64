/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Nothing is discarded after start-up in a user program.  Boot
 * parameters (__setup, early_param) are recorded in a section, as in
 * the kernel; the runtime's host_boot_param() applies one "name=value"
 * the way the kernel command line would.  Initcalls are recorded in a
 * section too, which host_runtime_init() runs once its work queue runs,
 * as the kernel runs them once its workqueues do.
 */
#ifndef _HOST_LINUX_INIT_H
#define _HOST_LINUX_INIT_H

#include <linux/compiler_types.h>

#define __init
#define __initdata
#define __initconst
#define __exit

struct host_setup_param {
	const char	*str;
	int		(*setup_func)(char *val);
	int		early;
};

#define __setup_param(str, unique_id, fn, early)			\
	static const char __setup_str_##unique_id[] = str;		\
	static const struct host_setup_param __setup_##unique_id	\
		__used __aligned(sizeof(void *))			\
		__attribute__((__section__("host_setup"))) =		\
		{ __setup_str_##unique_id, fn, early }

#define __setup(str, fn)	__setup_param(str, fn, fn, 0)
#define early_param(str, fn)	__setup_param(str, fn, fn, 1)

typedef int (*host_initcall_t)(void);

#define early_initcall(fn)						\
	static const host_initcall_t __initcall_##fn			\
		__used __aligned(sizeof(void *))			\
		__attribute__((__section__("host_initcall"))) = fn

#endif
