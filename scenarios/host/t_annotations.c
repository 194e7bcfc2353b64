// SPDX-License-Identifier: GPL-2.0
/*
 * The annotations that tell DEPT what it cannot see: recover sites
 * (an event another site can also trigger), the order between the
 * instances of one lock class (lockdep_set_lock_cmp_fn()) and between
 * instances that share one map (folio locks by index, dept_instance).
 */
#include <string.h>
#include <stdlib.h>
#include <linux/dept.h>
#include <linux/init.h>
#include "prims.h"
#include "report.h"
#include "suite.h"

static struct tlock A;
static struct dept_map W;

DEFINE_DEPT_EVENT_SITE(es_main);
DEFINE_DEPT_EVENT_SITE(es_rescue);
DEFINE_DEPT_EVENT_SITE(es_plain);
DEFINE_DEPT_EVENT_SITE(es_a);
DEFINE_DEPT_EVENT_SITE(es_b);
DEFINE_DEPT_EVENT_SITE(es_never);

/*
 * The cycle of unit.sdt_event, W -> A -> W, with W's event triggered
 * at @site: reported unless another site recovers @site.
 */
#define CYCLE_THROUGH_SITE(site)					\
do {									\
	tlock_init(&A, NULL, "A");					\
	dept_map_init(&W, NULL, 0, "W");				\
	sdt_request_event(&W);						\
	tlock_lock(&A);							\
	tlock_unlock(&A);						\
	event_site(site, sdt_event(&W));				\
	tlock_lock(&A);							\
	sdt_wait(&W);							\
	tlock_unlock(&A);						\
} while (0)

static void test_recovered_event(void)
{
	event_site(&es_rescue, sdt_event(&W));
	dept_recover_event(&es_main, &es_rescue);
	CYCLE_THROUGH_SITE(&es_main);
	EXPECT_NO_REPORT();
}

/* Without a recover site the same cycle is a deadlock. */
static void test_plain_event(void)
{
	CYCLE_THROUGH_SITE(&es_plain);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "W:0"));
}

/* Whether the console holds @text; frees it. */
static bool console_has(const char *text)
{
	char *console = host_console_take();
	bool found = console && strstr(console, text);

	free(console);
	return found;
}

static void use_ab(void)
{
	dept_map_init(&W, NULL, 0, "W");
	event_site(&es_a, sdt_event(&W));
	event_site(&es_b, sdt_event(&W));
}

static void test_recover_cycle(void)
{
	use_ab();
	dept_recover_event(&es_a, &es_b);
	dept_recover_event(&es_b, &es_a);
	/* the cycle starts with the dependency that closed it */
	CHECK(console_has("event site(es_b@use_ab) is recovered by event site(es_a@use_ab)\n"
			  "event site(es_a@use_ab) is recovered by event site(es_b@use_ab)\n"),
	      "no report of the recover cycle es_b -> es_a -> es_b");
}

static void test_recover_unused(void)
{
	use_ab();
	dept_recover_event(&es_a, &es_never);
	CHECK(console_has("DEPT_INFO: dept_event_site es_never has never been used.\n"
			  "DEPT_WARN: Cannot track recover dependency with events that never used.\n"),
	      "no warning of the unused site");
}

/* Instances of one class ordered by address, as pipe_lock_cmp_fn(). */
static int by_address(const struct dept_map *a, const struct dept_map *b)
{
	return a < b ? -1 : a > b;
}

static void test_cmp_fn_order(void)
{
	static struct dept_key key;
	struct tlock pair[2];

	tlock_init(&pair[0], &key, "P");
	tlock_init(&pair[1], &key, "P");
	dept_map_set_cmp_fn(&pair[0].dmap, by_address);

	tlock_lock(&pair[0]);
	tlock_lock(&pair[1]);
	tlock_unlock(&pair[1]);
	tlock_unlock(&pair[0]);
	EXPECT_NO_REPORT();

	tlock_lock(&pair[1]);
	tlock_lock(&pair[0]);
	tlock_unlock(&pair[0]);
	tlock_unlock(&pair[1]);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "P:0"));
}

/* Folio locks, as pg_locked_map: one map for every instance. */
static void ordered_init(struct dept_map *m, const char *name,
			 struct tbitlock *l, int nr, unsigned long set)
{
	int i;

	dept_map_init(m, NULL, 0, name);
	for (i = 0; i < nr; i++) {
		dept_ext_wgen_init(&l[i].wgen);
		l[i].inst = (struct dept_instance){ .set = set, .pos = i };
	}
}

/* ext4's writeback: a run of one file's folios locked by index. */
static void test_instances_in_order(void)
{
	static struct dept_map F;
	struct tbitlock f[3];
	int i;

	ordered_init(&F, "F", f, 3, 1);
	for (i = 0; i < 3; i++)
		tbitlock_lock(&F, &f[i]);
	for (i = 0; i < 3; i++)
		tbitlock_unlock(&F, &f[i]);
	EXPECT_NO_REPORT();
}

/* Against the order, the same two folios can deadlock with a task in order. */
static void test_instances_reversed(void)
{
	static struct dept_map G;
	struct tbitlock g[2];

	ordered_init(&G, "G", g, 2, 1);
	tbitlock_lock(&G, &g[1]);
	tbitlock_lock_slow(&G, &g[0]);
	tbitlock_unlock(&G, &g[1]);
	tbitlock_unlock(&G, &g[0]);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "G:0"));
}

/* Folios of two files have no order between them. */
static void test_instances_of_two_sets(void)
{
	static struct dept_map H;
	struct tbitlock h[2];

	ordered_init(&H, "H", h, 2, 1);
	h[1].inst.set = 2;
	tbitlock_lock(&H, &h[0]);
	tbitlock_lock(&H, &h[1]);
	tbitlock_unlock(&H, &h[0]);
	tbitlock_unlock(&H, &h[1]);
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "H:0"));
}

/*
 * A lock taken at once requests its event no later than the waits made
 * while it is held: its unlock depends on them.
 */
/*
 * L taken while @a of @I is held, then @b of @I taken while L is held:
 * I's unlock waits for L, L's for I.
 */
static void bit_lock_around_lock_and_back(struct dept_map *I,
					  struct tbitlock *a,
					  struct tbitlock *b, struct tlock *L)
{
	tbitlock_lock(I, a);
	tlock_lock(L);
	tlock_unlock(L);
	tbitlock_unlock(I, a);
	EXPECT_NO_REPORT();

	tlock_lock(L);
	tbitlock_lock(I, b);
	tbitlock_unlock(I, b);
	tlock_unlock(L);
	EXPECT_REPORTS(REPORT(DEADLOCK, "I:0", "L:0"));
}

static void test_instance_locked_at_once(void)
{
	static struct dept_key key;
	static struct dept_map I;
	struct tbitlock i[2];
	struct tlock L;

	ordered_init(&I, "I", i, 2, 1);
	i[1].inst.set = 2;
	tlock_init(&L, &key, "L");
	bit_lock_around_lock_and_back(&I, &i[0], &i[1], &L);
}

/*
 * A class's first unlock, right after its lock, marks the class for
 * IRQs and adds nothing else.  A later unlock of the class must still
 * depend on the waits made while it was held.
 */
static void test_unlock_after_marks(void)
{
	static struct dept_key key;
	static struct dept_map I;
	struct tbitlock i[1];
	struct tlock L;

	ordered_init(&I, "I", i, 1, 1);
	tlock_init(&L, &key, "L");

	tbitlock_lock(&I, &i[0]);
	tbitlock_unlock(&I, &i[0]);
	bit_lock_around_lock_and_back(&I, &i[0], &i[0], &L);
}

const struct host_suite annotations_suite = {
	.name = "annotations",
	.cases = (const struct host_case[]) {
		{ "recovered_event", test_recovered_event },
		{ "plain_event", test_plain_event },
		{ "recover_cycle", test_recover_cycle },
		{ "recover_unused", test_recover_unused },
		{ "cmp_fn_order", test_cmp_fn_order },
		{ "instances_in_order", test_instances_in_order },
		{ "instances_reversed", test_instances_reversed },
		{ "instances_of_two_sets", test_instances_of_two_sets },
		{ "instance_locked_at_once", test_instance_locked_at_once },
		{ "unlock_after_marks", test_unlock_after_marks },
		{ }
	},
};
