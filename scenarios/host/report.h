/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DEPT reports read back from the console, and the checks of a case's
 * verdict: how many reports, of which kind, naming which classes, and
 * no other kernel report (WARNING, BUG, DEPT stopping itself, panic).
 */
#ifndef _HOST_TEST_REPORT_H
#define _HOST_TEST_REPORT_H

enum report_kind {
	DEADLOCK,		/* *** DEADLOCK *** */
	AA_DEADLOCK,		/* *** AA DEADLOCK *** */
	TIMED_CYCLE,		/* not a deadlock: a wait has a timeout */
};

#define MAX_CYCLE_CLASSES	8

/*
 * One expected report.  Classes are written as printed in the
 * summary, "name:subclass"; their order does not matter.
 */
struct expected_report {
	enum report_kind	kind;
	const char		*classes[MAX_CYCLE_CLASSES + 1];
};

#define REPORT(k, ...)	{ .kind = (k), .classes = { __VA_ARGS__, NULL } }

/*
 * Take the console and check that it holds exactly the expected
 * reports (in any order), each well formed, and no other report.
 */
void __expect_reports(const char *file, int line,
		      const struct expected_report *exp, int nr);

#define EXPECT_REPORTS(...)						\
	__expect_reports(__FILE__, __LINE__,				\
		(const struct expected_report[]){ __VA_ARGS__ },	\
		sizeof((const struct expected_report[]){ __VA_ARGS__ }) /\
		sizeof(struct expected_report))
#define EXPECT_NO_REPORT()	__expect_reports(__FILE__, __LINE__, NULL, 0)

#endif
