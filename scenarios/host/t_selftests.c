// SPDX-License-Identifier: GPL-2.0
/*
 * The conventions of lockdep's boot-time selftests (lib/locking-selftest.c)
 * that DEPT follows as lockdep does: no report while the selftests set
 * debug_locks_silent, and lockdep_reset() between cases makes the task
 * forget the locks a case abandoned (it calls dept_task_exit() and
 * dept_task_init() on current, as it calls lockdep_init_task()).
 */
#include <linux/debug_locks.h>
#include <linux/dept.h>
#include <linux/sched.h>
#include "prims.h"
#include "report.h"
#include "suite.h"

static struct tlock A, B, C, D;

static void abba(struct tlock *x, struct tlock *y)
{
	tlock_lock(x);
	tlock_lock(y);
	tlock_unlock(y);
	tlock_unlock(x);
	tlock_lock(y);
	tlock_lock(x);
	tlock_unlock(x);
	tlock_unlock(y);
}

/* A cycle closed while silenced prints nothing; the next one prints. */
static void test_silenced(void)
{
	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	tlock_init(&C, NULL, "C");
	tlock_init(&D, NULL, "D");
	debug_locks_silent = 1;
	abba(&A, &B);
	debug_locks_silent = 0;
	EXPECT_NO_REPORT();
	abba(&C, &D);
	EXPECT_REPORTS(REPORT(DEADLOCK, "C:0", "D:0"));
}

/* What lockdep_reset() does to the task for DEPT. */
static void lockdep_reset_task(void)
{
	dept_task_exit(current);
	dept_task_init(current);
}

/*
 * A case abandons A held (AA_spin and others do); after the reset, B
 * then A is the only order this task ever ran: no cycle.  Without the
 * reset, A would still be held while waiting for B (A -> B), and the
 * cycle A -> B -> A would be reported.
 */
static void test_reset_forgets_held(void)
{
	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	tlock_lock(&A);
	lockdep_reset_task();
	tlock_lock(&B);
	tlock_lock(&A);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_NO_REPORT();
}

const struct host_suite selftests_suite = {
	.name = "selftests",
	.cases = (const struct host_case[]) {
		{ "silenced", test_silenced },
		{ "reset_forgets_held", test_reset_forgets_held },
		{ }
	},
};
