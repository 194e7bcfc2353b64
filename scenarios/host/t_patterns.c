// SPDX-License-Identifier: GPL-2.0
/*
 * The process-context patterns of the scenario suite, with host
 * threads as the tasks.  Steps order the tasks so that the dangerous
 * interleaving is observed and nothing ever blocks for real.
 */
#include "prims.h"
#include "report.h"
#include "steps.h"
#include "suite.h"

static struct steps steps;
static struct tlock A, B, C, D;
static struct tcompletion done;
static struct twaitq wq;
static struct dept_map ev;

static void init_locks(void)
{
	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	tlock_init(&C, NULL, "C");
	tlock_init(&D, NULL, "D");
}

/* Each pair of locks is taken in both orders by two tasks. */
static void abba_x(void *arg)
{
	struct tlock **p = arg;

	for (; *p; p += 2) {
		STEP(&steps, (p - (struct tlock **)arg)) {
			tlock_lock(p[0]);
			tlock_lock(p[1]);
			tlock_unlock(p[1]);
			tlock_unlock(p[0]);
		}
	}
}

static void abba_y(void *arg)
{
	struct tlock **p = arg;

	for (; *p; p += 2) {
		STEP(&steps, (p - (struct tlock **)arg) + 1) {
			tlock_lock(p[1]);
			tlock_lock(p[0]);
			tlock_unlock(p[0]);
			tlock_unlock(p[1]);
		}
	}
}

static void test_abba(void)
{
	struct tlock *pairs[] = { &A, &B, NULL };

	init_locks();
	RUN_TASKS(pairs, abba_x, abba_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"));
}

/*
 * One task takes its locks through lockdep's entry, the other through
 * DEPT's own (as a kernel does once lockdep has turned itself off):
 * both feed one graph, and the cycle is the same.
 */
static void abba_in_lockdep_x(void *unused)
{
	STEP(&steps, 0) {
		tlock_lock_in_lockdep(&A);
		tlock_lock_in_lockdep(&B);
		tlock_unlock_in_lockdep(&B);
		tlock_unlock_in_lockdep(&A);
	}
}

static void test_abba_in_lockdep(void)
{
	struct tlock *pairs[] = { &A, &B, NULL };

	init_locks();
	RUN_TASKS(pairs, abba_in_lockdep_x, abba_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"));
}

/* Two independent cycles in one run: both reported, in turn. */
static void test_two_cycles(void)
{
	struct tlock *pairs[] = { &A, &B, &C, &D, NULL };

	init_locks();
	RUN_TASKS(pairs, abba_x, abba_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"),
		       REPORT(DEADLOCK, "C:0", "D:0"));
}

/*
 * The second example of "Limitation of lockdep" in DEPT v16's
 * documentation: X waits for completion C holding A; Y takes A before
 * completing C.  lockdep sees one lock only; DEPT sees C -> A -> C.
 */
static void completion_x(void *unused)
{
	tlock_lock(&A);
	wait_for_completion(&done);
	tlock_unlock(&A);
}

static void completion_y(void *unused)
{
	await_sleeper(&done.wq);
	tlock_lock(&A);
	tlock_unlock(&A);
	complete(&done);
}

static void test_completion_mutex(void)
{
	init_locks();
	tcompletion_init(&done, "C");
	RUN_TASKS(NULL, completion_x, completion_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "C:0"));
}

/*
 * The article's three tasks: X holds A and waits for event B, Y holds C
 * and takes A, Z takes C before triggering B.  A -> B -> C -> A.
 */
static void article_x(void *unused)
{
	STEP(&steps, 0) {
		tlock_lock(&A);
		sdt_wait(&ev);
	}
	STEP(&steps, 3)
		tlock_unlock(&A);
}

static void article_y(void *unused)
{
	STEP(&steps, 1) {
		tlock_lock(&C);
		tlock_lock(&A);
		tlock_unlock(&A);
		tlock_unlock(&C);
	}
}

static void article_z(void *unused)
{
	STEP(&steps, 2) {
		tlock_lock(&C);
		tlock_unlock(&C);
		sdt_event(&ev);
	}
}

static void test_article_xyz(void)
{
	init_locks();
	dept_map_init(&ev, NULL, 0, "B");
	RUN_TASKS(NULL, article_x, article_y, article_z);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0", "C:0"));
}

/* wait_event() holding a lock the waker takes before wake_up(). */
static void waitq_x(void *unused)
{
	tlock_lock(&A);
	twait_event(&wq);
	tlock_unlock(&A);
}

static void waitq_y(void *unused)
{
	await_sleeper(&wq.wq);
	tlock_lock(&A);
	tlock_unlock(&A);
	twake_up(&wq);
}

static void test_waitqueue_mutex(void)
{
	init_locks();
	twaitq_init(&wq, "wq_head->lock");
	RUN_TASKS(NULL, waitq_x, waitq_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "<sched>:0"));
}

/* The same shape with swait: its own call site, its own queue lock. */
static void swait_x(void *unused)
{
	tlock_lock(&B);
	twait_event(&wq);
	tlock_unlock(&B);
}

static void swait_y(void *unused)
{
	await_sleeper(&wq.wq);
	tlock_lock(&B);
	tlock_unlock(&B);
	twake_up(&wq);
}

static void test_swait(void)
{
	init_locks();
	twaitq_init(&wq, "q->lock");
	RUN_TASKS(NULL, swait_x, swait_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "B:0", "<sched>:0"));
}

/*
 * A reader of rwsem A waits for completion C; C's completer takes A for
 * write, which waits for the reader's release: A's read event -> C -> A.
 */
static void rwsem_x(void *unused)
{
	tlock_read(&A, true);
	wait_for_completion(&done);
	tlock_unlock(&A);
}

static void rwsem_y(void *unused)
{
	await_sleeper(&done.wq);
	tlock_write(&A);
	tlock_unlock(&A);
	complete(&done);
}

static void test_rwsem_read_write(void)
{
	init_locks();
	tcompletion_init(&done, "C");
	RUN_TASKS(NULL, rwsem_x, rwsem_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:8", "C:0"));
}

/* Two locks of one class at depths 0 and 1, instances in both orders. */
static struct dept_key nested_key;

static void nested_x(void *unused)
{
	STEP(&steps, 0) {
		tlock_lock_nested(&A, 0);
		tlock_lock_nested(&B, 1);
		tlock_unlock(&B);
		tlock_unlock(&A);
	}
}

static void nested_y(void *unused)
{
	STEP(&steps, 1) {
		tlock_lock_nested(&B, 0);
		tlock_lock_nested(&A, 1);
		tlock_unlock(&A);
		tlock_unlock(&B);
	}
}

static void test_nested_ok(void)
{
	tlock_init(&A, &nested_key, "N");
	tlock_init(&B, &nested_key, "N");
	RUN_TASKS(NULL, nested_x, nested_y);
	EXPECT_NO_REPORT();
}

/*
 * A parent and a child of two classes, locked at the depths the caller
 * declares: A over B in one place, B over A in another (directories of
 * two inode classes, configfs's).  As lockdep's, the classes are A/1,
 * B/2, B/1 and A/2: no cycle.
 */
static void parent_child_x(void *unused)
{
	STEP(&steps, 0) {
		tlock_lock_nested(&A, 1);
		tlock_lock_nested(&B, 2);
		tlock_unlock(&B);
		tlock_unlock(&A);
	}
}

static void parent_child_y(void *unused)
{
	STEP(&steps, 1) {
		tlock_lock_nested(&B, 1);
		tlock_lock_nested(&A, 2);
		tlock_unlock(&A);
		tlock_unlock(&B);
	}
}

static void test_nested_classes_ok(void)
{
	init_locks();
	RUN_TASKS(NULL, parent_child_x, parent_child_y);
	EXPECT_NO_REPORT();
}

/* The same subclasses in both orders are a cycle of A/1 and B/2. */
static void nested_abba_y(void *unused)
{
	STEP(&steps, 1) {
		tlock_lock_nested(&B, 2);
		tlock_lock_nested(&A, 1);
		tlock_unlock(&A);
		tlock_unlock(&B);
	}
}

static void test_nested_abba(void)
{
	init_locks();
	RUN_TASKS(NULL, parent_child_x, nested_abba_y);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:1", "B:2"));
}

/* ABBA where the second task only trylocks the inner lock. */
static void trylock_y(void *unused)
{
	STEP(&steps, 1) {
		tlock_lock(&B);
		tlock_trylock(&A);
		tlock_unlock(&A);
		tlock_unlock(&B);
	}
}

static void test_trylock_ok(void)
{
	struct tlock *pairs[] = { &A, &B, NULL };

	init_locks();
	RUN_TASKS(pairs, abba_x, trylock_y);
	EXPECT_NO_REPORT();
}

/* One lock order everywhere, and a completion waited with no lock held. */
static void ordered_x(void *unused)
{
	tlock_lock(&A);
	tlock_lock(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);
	wait_for_completion(&done);
}

static void ordered_y(void *unused)
{
	await_sleeper(&done.wq);
	tlock_lock(&A);
	tlock_lock(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);
	complete(&done);
}

static void test_ordered_ok(void)
{
	init_locks();
	tcompletion_init(&done, "C");
	RUN_TASKS(NULL, ordered_x, ordered_y);
	EXPECT_NO_REPORT();
}

const struct host_suite patterns_suite = {
	.name = "patterns",
	.cases = (const struct host_case[]) {
		{ "abba", test_abba },
		{ "abba_in_lockdep", test_abba_in_lockdep },
		{ "completion_mutex", test_completion_mutex },
		{ "article_xyz", test_article_xyz },
		{ "waitqueue_mutex", test_waitqueue_mutex },
		{ "swait", test_swait },
		{ "rwsem_read_write", test_rwsem_read_write },
		{ "nested_ok", test_nested_ok },
		{ "nested_classes_ok", test_nested_classes_ok },
		{ "nested_abba", test_nested_abba },
		{ "trylock_ok", test_trylock_ok },
		{ "ordered_ok", test_ordered_ok },
		{ "two_cycles", test_two_cycles },
		{ }
	},
};
