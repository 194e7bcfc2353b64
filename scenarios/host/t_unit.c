// SPDX-License-Identifier: GPL-2.0
/*
 * Cycles one task closes by itself, as DEPT's own unit test does: the
 * order of acquisitions over time makes the dependencies, no second
 * task is needed for a cycle to exist.
 */
#include "prims.h"
#include "report.h"
#include "suite.h"

static struct tlock A, B, C;

static void init_abc(void)
{
	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	tlock_init(&C, NULL, "C");
}

/* lock A; lock A: waiting for the event of the context one is in */
static void test_aa(void)
{
	init_abc();
	tlock_lock(&A);
	tlock_lock(&A);
	tlock_unlock(&A);
	tlock_unlock(&A);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "A:0"));
}

static void test_abba(void)
{
	init_abc();
	tlock_lock(&A);
	tlock_lock(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_lock(&B);
	tlock_lock(&A);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"));
}

static void test_abc(void)
{
	init_abc();
	tlock_lock(&A);
	tlock_lock(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_lock(&B);
	tlock_lock(&C);
	tlock_unlock(&C);
	tlock_unlock(&B);
	EXPECT_NO_REPORT();

	tlock_lock(&C);
	tlock_lock(&A);
	tlock_unlock(&A);
	tlock_unlock(&C);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0", "C:0"));
}

/* Two locks of one class, nested as *_lock_nested() declares. */
static void test_nested_ok(void)
{
	static struct dept_key key;
	struct tlock x, y;

	tlock_init(&x, &key, "N");
	tlock_init(&y, &key, "N");

	tlock_lock_nested(&x, 0);
	tlock_lock_nested(&y, 1);
	tlock_unlock(&y);
	tlock_unlock(&x);

	tlock_lock_nested(&y, 0);
	tlock_lock_nested(&x, 1);
	tlock_unlock(&x);
	tlock_unlock(&y);
	EXPECT_NO_REPORT();
}

/* The same nesting without the annotation is a class waiting on itself. */
static void test_nested_unannotated(void)
{
	static struct dept_key key;
	struct tlock x, y;

	tlock_init(&x, &key, "N");
	tlock_init(&y, &key, "N");

	tlock_lock(&x);
	tlock_lock(&y);
	tlock_unlock(&y);
	tlock_unlock(&x);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "N:0"));
}

/*
 * Locks of one class taken under a nest lock, in both orders, with
 * another lock taken between two of them: the nest lock serializes them,
 * and lockdep's ww_test_spin_nest_lock expects no report.
 */
static void test_nest_ok(void)
{
	static struct dept_key key;
	struct tlock ctx, x, y;

	tlock_init(&ctx, NULL, "ctx");
	tlock_init(&x, &key, "W");
	tlock_init(&y, &key, "W");
	init_abc();

	tlock_lock(&ctx);
	tlock_lock_nest(&x, &ctx);
	tlock_lock(&A);
	tlock_lock_nest(&y, &ctx);
	tlock_unlock(&y);
	tlock_unlock(&A);
	tlock_unlock(&x);
	tlock_lock_nest(&y, &ctx);
	tlock_lock_nest(&x, &ctx);
	tlock_unlock(&x);
	tlock_unlock(&y);
	tlock_unlock(&ctx);
	EXPECT_NO_REPORT();
}

/*
 * A plain acquisition of the class while one is held under the nest
 * lock is outside the nest lock's order: the class waits on itself, as
 * lockdep's ww_test_context_block says.
 */
static void test_nest_then_plain(void)
{
	static struct dept_key key;
	struct tlock ctx, x, y;

	tlock_init(&ctx, NULL, "ctx");
	tlock_init(&x, &key, "W");
	tlock_init(&y, &key, "W");

	tlock_lock(&ctx);
	tlock_lock_nest(&x, &ctx);
	tlock_lock(&y);
	tlock_unlock(&y);
	tlock_unlock(&x);
	tlock_unlock(&ctx);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "W:0"));
}

/*
 * So is an instance held from before the nest lock (ww_test_block_context):
 * the class waits on itself, and W -> ctx -> W closes first.
 */
static void test_plain_then_nest(void)
{
	static struct dept_key key;
	struct tlock ctx, x, y;

	tlock_init(&ctx, NULL, "ctx");
	tlock_init(&x, &key, "W");
	tlock_init(&y, &key, "W");

	tlock_lock(&x);
	tlock_lock(&ctx);
	tlock_lock_nest(&y, &ctx);
	tlock_unlock(&y);
	tlock_unlock(&ctx);
	tlock_unlock(&x);
	EXPECT_REPORTS(REPORT(DEADLOCK, "W:0", "ctx:0"),
		       REPORT(AA_DEADLOCK, "W:0"));
}

/* A trylock does not wait, so it cannot close a cycle. */
static void test_trylock_ok(void)
{
	init_abc();
	tlock_lock(&A);
	tlock_lock(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_lock(&B);
	tlock_trylock(&A);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_NO_REPORT();
}

/*
 * Readers of a recursive rwlock wait only for writers: two readers
 * taking two rwlocks in both orders cannot deadlock.
 */
static void test_read_read_ok(void)
{
	init_abc();
	tlock_read(&A, false);
	tlock_read(&B, false);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_read(&B, false);
	tlock_read(&A, false);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_NO_REPORT();
}

/*
 * A queued reader also waits behind readers: reader of A then writer of
 * B, against writer of B then queued reader of A, is a cycle through
 * A's read event (subclass 0 + 8 * event bit 1) and B's write event.
 */
static void test_read_queued(void)
{
	init_abc();
	tlock_read(&A, true);
	tlock_write(&B);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_write(&B);
	tlock_read(&A, true);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:8", "B:0"));
}

/* Writers exclude each other whatever the readers do. */
static void test_write_write(void)
{
	init_abc();
	tlock_write(&A);
	tlock_read(&B, false);
	tlock_unlock(&B);
	tlock_unlock(&A);

	tlock_write(&B);
	tlock_write(&A);
	tlock_unlock(&A);
	tlock_unlock(&B);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"));
}

/*
 * One task requests event W, takes A, then fires W: W depends on A.
 * Waiting for W while holding A closes the cycle.
 */
static void test_sdt_event(void)
{
	struct dept_map W;

	init_abc();
	dept_map_init(&W, NULL, 0, "W");

	sdt_request_event(&W);
	tlock_lock(&A);
	tlock_unlock(&A);
	sdt_event(&W);
	EXPECT_NO_REPORT();

	tlock_lock(&A);
	sdt_wait(&W);
	tlock_unlock(&A);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "W:0"));
}

/* An event nobody asked for since the last one makes no dependency. */
static void test_sdt_unrequested(void)
{
	struct dept_map W;

	init_abc();
	dept_map_init(&W, NULL, 0, "W");

	sdt_request_event(&W);
	sdt_event(&W);
	tlock_lock(&A);
	tlock_unlock(&A);
	sdt_event(&W);

	tlock_lock(&A);
	sdt_wait(&W);
	tlock_unlock(&A);
	EXPECT_NO_REPORT();
}

const struct host_suite unit_suite = {
	.name = "unit",
	.cases = (const struct host_case[]) {
		{ "aa", test_aa },
		{ "abba", test_abba },
		{ "abc", test_abc },
		{ "nested_ok", test_nested_ok },
		{ "nested_unannotated", test_nested_unannotated },
		{ "nest_ok", test_nest_ok },
		{ "nest_then_plain", test_nest_then_plain },
		{ "plain_then_nest", test_plain_then_nest },
		{ "trylock_ok", test_trylock_ok },
		{ "read_read_ok", test_read_read_ok },
		{ "read_queued", test_read_queued },
		{ "write_write", test_write_write },
		{ "sdt_event", test_sdt_event },
		{ "sdt_unrequested", test_sdt_unrequested },
		{ }
	},
};
