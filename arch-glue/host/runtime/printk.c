// SPDX-License-Identifier: GPL-2.0
/*
 * The console: printk() lines go to standard error and into a capture
 * buffer that tests take with host_console_take().  Level prefixes are
 * dropped.  Warnings, bugs and panics print what the kernel's do, so
 * that the same report matchers recognise them.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/stacktrace.h>
#include <linux/utsname.h>
#include <host/runtime.h>
#include "internal.h"

static pthread_mutex_t console_lock = PTHREAD_MUTEX_INITIALIZER;
static char *captured;
static size_t captured_len, captured_size;

static void console_write(const char *s, size_t n)
{
	pthread_mutex_lock(&console_lock);
	if (captured_len + n + 1 > captured_size) {
		size_t size = (captured_size ?: 4096);
		char *more;

		while (size < captured_len + n + 1)
			size *= 2;
		more = realloc(captured, size);
		if (more) {
			captured = more;
			captured_size = size;
		}
	}
	if (captured_len + n + 1 <= captured_size) {
		memcpy(captured + captured_len, s, n);
		captured_len += n;
		captured[captured_len] = '\0';
	}
	while (n) {
		ssize_t w = write(STDERR_FILENO, s, n);

		if (w <= 0)
			break;
		s += w;
		n -= w;
	}
	pthread_mutex_unlock(&console_lock);
}

char *host_console_take(void)
{
	char *text;

	pthread_mutex_lock(&console_lock);
	text = strdup(captured ?: "");
	captured_len = 0;
	if (captured)
		captured[0] = '\0';
	pthread_mutex_unlock(&console_lock);
	return text;
}

/* As the kernel, take the level off the formatted text, not the format. */
int vprintk(const char *fmt, va_list args)
{
	char line[HOST_LINE_MAX];
	const char *text = line;
	int n;

	n = host_vsnprintf(line, sizeof(line), fmt, args);
	if (n >= (int)sizeof(line))
		n = sizeof(line) - 1;
	while (n >= 2 && text[0] == KERN_SOH[0] && text[1]) {
		text += 2;
		n -= 2;
	}
	console_write(text, n);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vprintk(fmt, args);
	va_end(args);
	return n;
}

const char *print_tainted(void)
{
	return "Not tainted";
}

void dump_stack(void)
{
	unsigned long entries[32];
	unsigned int nr = stack_trace_save(entries, ARRAY_SIZE(entries), 0);

	printk("CPU: %d PID: %d Comm: %s %s %s\n", smp_processor_id(),
	       task_pid_nr(current), current->comm, print_tainted(),
	       init_utsname()->release);
	printk("Call Trace:\n");
	printk(" <TASK>\n");
	stack_trace_print(entries, nr, 1);
	printk(" </TASK>\n");
}

void host_warn(const char *file, int line, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vprintk(fmt, args);
	va_end(args);
	printk("WARNING: CPU: %d PID: %d at %s:%d\n", smp_processor_id(),
	       task_pid_nr(current), file, line);
	dump_stack();
}

void host_bug(const char *file, int line)
{
	printk("BUG: failure at %s:%d\n", file, line);
	dump_stack();
	abort();
}

void panic(const char *fmt, ...)
{
	char msg[HOST_LINE_MAX];
	va_list args;

	va_start(args, fmt);
	host_vsnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	printk("Kernel panic - not syncing: %s\n", msg);
	dump_stack();
	abort();
}
