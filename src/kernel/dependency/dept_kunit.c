// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the DEPT engine, built into dept.c (they need its
 * internals) when CONFIG_DEPT_KUNIT_TEST is set.
 *
 * The cycle tests make DEPT report, on purpose, cycles of classes named
 * kunit_*; the scenario that runs this suite expects exactly those
 * reports.  Every class a test makes is forgotten at its end.
 */

#include <kunit/test.h>
#include <linux/dept_ldt.h>
#include <linux/dept_sdt.h>

static struct dept_key kunit_keys[4];

static void kunit_map(struct dept_map *m, int i, const char *name)
{
	dept_key_init(&kunit_keys[i]);
	dept_map_init(m, &kunit_keys[i], 0, name);
}

static void kunit_forget(struct kunit *test)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(kunit_keys); i++)
		dept_key_destroy(&kunit_keys[i]);
	rcu_barrier();
}

/* The class named @name is in the latest reported cycle. */
static bool in_last_cycle(const char *name)
{
	unsigned long flags;
	bool found = false;
	int i;

	if (!dept_graph_lock(&flags))
		return false;
	for (i = 0; i < dept_last_cycle_nr; i++) {
		struct dept_dep *d = dept_last_cycle[i];

		if (!strcmp(d->fc->name, name) || !strcmp(d->tc->name, name))
			found = true;
	}
	dept_graph_unlock(flags);
	return found;
}

static void dept_test_before_wraps(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, before(1U, 2U));
	KUNIT_EXPECT_FALSE(test, before(2U, 1U));
	KUNIT_EXPECT_TRUE(test, before(0xfffffff0U, 0x10U));
	KUNIT_EXPECT_FALSE(test, before(0x10U, 0xfffffff0U));
}

static void dept_test_wgen_never_zero(struct kunit *test)
{
	unsigned int wg;

	atomic_set(&dept_wgen, -1);
	wg = next_wgen();
	KUNIT_EXPECT_NE(test, wg, 0U);
	KUNIT_EXPECT_TRUE(test, before(0xffffffffU, wg));
}

static void dept_test_hist_ring_wraps(struct kunit *test)
{
	struct dept_task *dt = dept_task();
	int pos, wrapped, same, same_after;
	bool filled = true;
	unsigned long flags;
	struct dept_map m[2];
	int i;

	kunit_map(&m[0], 0, "kunit_ring_x");
	kunit_map(&m[1], 1, "kunit_ring_y");

	/* an interrupt's waits would go to this task's ring too */
	local_irq_save(flags);
	pos = dt->wait_hist_pos;

	/* alternate classes: consecutive waits of one class share a slot */
	for (i = 0; i < DEPT_MAX_WAIT_HIST + 6; i++)
		dept_wait(&m[i % 2], 1UL, _THIS_IP_, __func__, 0, -1L);
	wrapped = dt->wait_hist_pos;
	for (i = 0; i < DEPT_MAX_WAIT_HIST; i++)
		filled &= !!dt->wait_hist[i].wait;

	/* the same class again stays in the newest slot */
	same = dt->wait_hist_pos;
	dept_wait(&m[1], 1UL, _THIS_IP_, __func__, 0, -1L);
	dept_wait(&m[1], 1UL, _THIS_IP_, __func__, 0, -1L);
	same_after = dt->wait_hist_pos;
	local_irq_restore(flags);

	KUNIT_EXPECT_EQ(test, wrapped, (pos + 6) % DEPT_MAX_WAIT_HIST);
	KUNIT_EXPECT_TRUE(test, filled);
	KUNIT_EXPECT_EQ(test, same_after, same);
	kunit_forget(test);
}

/*
 * A lock taken again keeps its slot's wgen while no wgen is taken
 * anywhere in between, and gets a newer one once one is.  Another CPU
 * may take wgens meanwhile: the first case is tried until it is seen.
 */
static void dept_test_repeat_keeps_wgen(struct kunit *test)
{
	struct dept_task *dt = dept_task();
	unsigned int wg, request;
	bool kept = false;
	unsigned long flags;
	struct dept_map m;
	int tries;

	kunit_map(&m, 0, "kunit_repeat");
	local_irq_save(flags);
	for (tries = 0; tries < 100 && !kept; tries++) {
		ldt_lock(&m, 0, 0, NULL, _THIS_IP_);
		ldt_unlock(&m, _THIS_IP_);
		wg = hist_back(dt, 1)->wgen;
		ldt_lock(&m, 0, 0, NULL, _THIS_IP_);
		ldt_unlock(&m, _THIS_IP_);
		kept = hist_back(dt, 1)->wgen == wg && dept_wgen_now() == wg;
	}
	request = next_wgen();
	ldt_lock(&m, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&m, _THIS_IP_);
	wg = hist_back(dt, 1)->wgen;
	local_irq_restore(flags);

	KUNIT_EXPECT_TRUE(test, kept);
	KUNIT_EXPECT_TRUE(test, before(request, wg));
	kunit_forget(test);
}

static void dept_test_class_cache(struct kunit *test)
{
	struct dept_map m;
	struct dept_class *c;
	unsigned long flags;

	kunit_map(&m, 0, "kunit_cache");
	flags = dept_enter();
	c = map_class(&m, 1UL, 0, false);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_PTR_EQ(test, m.map_key.classes[0], c);
	KUNIT_EXPECT_PTR_EQ(test, map_class(&m, 1UL, 0, false), c);
	/* the read event is another class of the same key */
	KUNIT_EXPECT_PTR_NE(test, map_class(&m, 2UL, 0, false), c);
	/* so is a nested acquisition's, which leaves the cache alone */
	KUNIT_EXPECT_PTR_NE(test, map_class(&m, 1UL, 1, false), c);
	KUNIT_EXPECT_PTR_EQ(test, m.map_key.classes[0], c);
	/* keep c from being reused once forgotten */
	get_class(c);
	dept_exit(flags);

	kunit_forget(test);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(c->dead));

	flags = dept_enter();
	KUNIT_EXPECT_PTR_NE(test, map_class(&m, 1UL, 0, false), c);
	put_class(c);
	dept_exit(flags);
	kunit_forget(test);
}

static void dept_test_spin_abba(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map a, b;

	kunit_map(&a, 0, "kunit_spin_a");
	kunit_map(&b, 1, "kunit_spin_b");

	ldt_lock(&a, 0, 0, NULL, _THIS_IP_);
	ldt_lock(&b, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&b, _THIS_IP_);
	ldt_unlock(&a, _THIS_IP_);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports);

	ldt_lock(&b, 0, 0, NULL, _THIS_IP_);
	ldt_lock(&a, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&a, _THIS_IP_);
	ldt_unlock(&b, _THIS_IP_);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports + 1);
	KUNIT_EXPECT_TRUE(test, in_last_cycle("kunit_spin_a"));
	KUNIT_EXPECT_TRUE(test, in_last_cycle("kunit_spin_b"));
	kunit_forget(test);
}

static void dept_test_mutex_aa(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map a;

	kunit_map(&a, 0, "kunit_mutex_a");
	ldt_lock(&a, 0, 0, NULL, _THIS_IP_);
	ldt_lock(&a, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&a, _THIS_IP_);
	ldt_unlock(&a, _THIS_IP_);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports + 1);
	KUNIT_EXPECT_TRUE(test, in_last_cycle("kunit_mutex_a"));
	kunit_forget(test);
}

static void dept_test_nested_no_cycle(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map a1, a2;

	dept_key_init(&kunit_keys[0]);
	dept_map_init(&a1, &kunit_keys[0], 0, "kunit_nested");
	dept_map_init(&a2, &kunit_keys[0], 0, "kunit_nested");

	ldt_lock(&a1, 0, 0, NULL, _THIS_IP_);
	ldt_lock(&a2, 1, 0, NULL, _THIS_IP_);
	ldt_unlock(&a2, _THIS_IP_);
	ldt_unlock(&a1, _THIS_IP_);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports);
	kunit_forget(test);
}

/* An event whose request came before a wait on a lock held around it. */
static void dept_test_sdt_onstack(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map x, ev;

	kunit_map(&x, 0, "kunit_sdt_x");
	kunit_map(&ev, 1, "kunit_sdt_event");

	/* waiting for the event while holding x: x -> event */
	ldt_lock(&x, 0, 0, NULL, _THIS_IP_);
	dept_wait(&ev, 1UL, _THIS_IP_, __func__, 0, -1L);
	ldt_unlock(&x, _THIS_IP_);

	/* the event, once awaited, comes only after a wait on x */
	sdt_request_event(&ev);
	ldt_lock(&x, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&x, _THIS_IP_);
	sdt_event(&ev);

	KUNIT_EXPECT_EQ(test, dept_reports(), reports + 1);
	KUNIT_EXPECT_TRUE(test, in_last_cycle("kunit_sdt_x"));
	KUNIT_EXPECT_TRUE(test, in_last_cycle("kunit_sdt_event"));
	kunit_forget(test);
}

static DEFINE_DEPT_EVENT_SITE(kunit_es_main);
static DEFINE_DEPT_EVENT_SITE(kunit_es_rescue);
static DEFINE_DEPT_EVENT_SITE(kunit_es_a);
static DEFINE_DEPT_EVENT_SITE(kunit_es_b);

/* The on-stack cycle, its event at a site another site recovers. */
static void dept_test_recovered_event(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map x, ev;

	kunit_map(&x, 0, "kunit_rec_x");
	kunit_map(&ev, 1, "kunit_rec_event");
	dept_recover_event(&kunit_es_main, &kunit_es_rescue);

	ldt_lock(&x, 0, 0, NULL, _THIS_IP_);
	dept_wait(&ev, 1UL, _THIS_IP_, __func__, 0, -1L);
	ldt_unlock(&x, _THIS_IP_);

	sdt_request_event(&ev);
	ldt_lock(&x, 0, 0, NULL, _THIS_IP_);
	ldt_unlock(&x, _THIS_IP_);
	event_site(&kunit_es_main, sdt_event(&ev));
	/* the rescue path, a site used as well */
	event_site(&kunit_es_rescue, sdt_event(&ev));

	KUNIT_EXPECT_EQ(test, dept_reports(), reports);
	kunit_forget(test);
}

/* Two sites that recover each other: a circular recover dependency. */
static void dept_test_recover_cycle(struct kunit *test)
{
	unsigned int reports = dept_reports();
	struct dept_map ev;

	kunit_map(&ev, 0, "kunit_rec_cycle");
	event_site(&kunit_es_a, sdt_event(&ev));
	event_site(&kunit_es_b, sdt_event(&ev));

	dept_recover_event(&kunit_es_a, &kunit_es_b);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports);
	dept_recover_event(&kunit_es_b, &kunit_es_a);
	KUNIT_EXPECT_EQ(test, dept_reports(), reports + 1);
	kunit_forget(test);
}

static struct kunit_case dept_test_cases[] = {
	KUNIT_CASE(dept_test_before_wraps),
	KUNIT_CASE(dept_test_wgen_never_zero),
	KUNIT_CASE(dept_test_hist_ring_wraps),
	KUNIT_CASE(dept_test_repeat_keeps_wgen),
	KUNIT_CASE(dept_test_class_cache),
	KUNIT_CASE(dept_test_spin_abba),
	KUNIT_CASE(dept_test_mutex_aa),
	KUNIT_CASE(dept_test_nested_no_cycle),
	KUNIT_CASE(dept_test_sdt_onstack),
	KUNIT_CASE(dept_test_recovered_event),
	KUNIT_CASE(dept_test_recover_cycle),
	{}
};

static struct kunit_suite dept_test_suite = {
	.name = "dept",
	.test_cases = dept_test_cases,
};
kunit_test_suite(dept_test_suite);
