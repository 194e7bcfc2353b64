// SPDX-License-Identifier: GPL-2.0
/*
 * Start-up and shut-down of the host "kernel", and the few kernel
 * objects DEPT refers to: the release string, lockdep's no-validate
 * key, the boot parameters.
 */
#include <execinfo.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/string.h>
#include <linux/utsname.h>
#include <host/runtime.h>
#include "internal.h"

struct lock_class_key __lockdep_no_validate__;

static struct new_utsname host_utsname = {
	.sysname = "Linux",
	.release = "host",
};

struct new_utsname *init_utsname(void)
{
	return &host_utsname;
}

extern const host_initcall_t __start_host_initcall[];
extern const host_initcall_t __stop_host_initcall[];
extern const struct host_setup_param __start_host_setup[];
extern const struct host_setup_param __stop_host_setup[];

bool host_boot_param(const char *arg)
{
	const struct host_setup_param *p;

	for (p = __start_host_setup; p < __stop_host_setup; p++) {
		size_t n = strlen(p->str);
		char val[256];

		if (strncmp(arg, p->str, n))
			continue;
		strscpy(val, arg + n, sizeof(val));
		return p->early ? p->setup_func(val) == 0 : p->setup_func(val) > 0;
	}
	return false;
}

void host_runtime_init(void)
{
	struct utsname u;
	void *frame;

	if (!uname(&u))
		snprintf(host_utsname.release, sizeof(host_utsname.release),
			 "%.50s (host)", u.release);

	/* the unwinder loads libgcc on first use; not inside the engine */
	backtrace(&frame, 1);

	host_current = &init_task;
	dept_init();
	trace_hardirqs_on();
	trace_softirqs_on(_THIS_IP_);
	host_rcu_start();
	host_workqueue_start();
	for (const host_initcall_t *fn = __start_host_initcall;
	     fn < __stop_host_initcall; fn++)
		(*fn)();
}

void host_runtime_exit(void)
{
	host_workqueue_stop();
	host_rcu_stop();
}
