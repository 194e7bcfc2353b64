// SPDX-License-Identifier: GPL-2.0
/* Failures of the running case, printed as KTAP diagnostics. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "suite.h"

static bool failed;

void check_fail(const char *file, int line, const char *fmt, ...)
{
	const char *base = strrchr(file, '/');
	va_list args;

	failed = true;
	printf("  # %s:%d: ", base ? base + 1 : file, line);
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	printf("\n");
	fflush(stdout);
}

bool check_failed(void)
{
	return failed;
}
