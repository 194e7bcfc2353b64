/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host test program's structure, after KUnit: suites of cases.
 * Each case runs in a process of its own, with a fresh engine, so a
 * case that stops DEPT or leaks state cannot affect the next one.
 */
#ifndef _HOST_TEST_SUITE_H
#define _HOST_TEST_SUITE_H

#include <stdbool.h>
#include <linux/compiler_types.h>

struct host_case {
	const char	*name;
	void		(*run)(void);
};

struct host_suite {
	const char		*name;
	const struct host_case	*cases;		/* ends with an empty case */
};

extern const struct host_suite unit_suite;
extern const struct host_suite patterns_suite;
extern const struct host_suite internals_suite;
extern const struct host_suite annotations_suite;
extern const struct host_suite soak_suite;
extern const struct host_suite selftests_suite;

/* the program's options that cases read */
extern unsigned long host_test_seed;
extern unsigned long host_test_soak_iters;
/* classes of internals.many_classes, an even number of at least 8 */
extern unsigned long host_test_many_classes;

/*
 * Record a failure of the running case with a KTAP diagnostic line;
 * the case goes on, so that one run shows every failed check.
 */
__printf(3, 4)
void check_fail(const char *file, int line, const char *fmt, ...);
bool check_failed(void);

#define CHECK(cond, fmt, ...)						\
({									\
	bool __ok = !!(cond);						\
									\
	if (!__ok)							\
		check_fail(__FILE__, __LINE__, "%s: " fmt, #cond,	\
			   ##__VA_ARGS__);				\
	__ok;								\
})

#endif
