/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printk() writes to standard error, without the level prefix, and to
 * the runtime's capture buffer where tests read reports back.  The
 * format understands the kernel's %pS, %ps, %pB (symbol), %px and %p.
 */
#ifndef _HOST_LINUX_PRINTK_H
#define _HOST_LINUX_PRINTK_H

#include <stdarg.h>
#include <linux/compiler_types.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""
#define KERN_CONT	KERN_SOH "c"

__printf(1, 2) int printk(const char *fmt, ...);
__printf(1, 0) int vprintk(const char *fmt, va_list args);
void dump_stack(void);

static inline void print_ip_sym(const char *loglvl, unsigned long ip)
{
	printk("%s[<%px>] %pS\n", loglvl, (void *)ip, (void *)ip);
}

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

/* compiled and type-checked, never printed */
#define no_printk(fmt, ...)	({ if (0) printk(fmt, ##__VA_ARGS__); 0; })

#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	no_printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

#define printk_once(fmt, ...)						\
({									\
	static bool __print_once;					\
									\
	if (!__atomic_exchange_n(&__print_once, true, __ATOMIC_RELAXED))\
		printk(fmt, ##__VA_ARGS__);				\
})
#define pr_warn_once(fmt, ...)	printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...)	printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err_once(fmt, ...)	printk_once(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)

#endif
