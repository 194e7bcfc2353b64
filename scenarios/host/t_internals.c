// SPDX-License-Identifier: GPL-2.0
/*
 * The engine's internals at their limits, observed through the public
 * API and the engine's own statistics (dept_internal.h, as its proc
 * files and gdb scripts read them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <linux/irqflags.h>
#include <linux/kallsyms.h>
#include <linux/string.h>
#include "dept_internal.h"
#include "prims.h"
#include "report.h"
#include "steps.h"
#include "suite.h"

static void lock_pair(struct tlock *outer, struct tlock *inner)
{
	tlock_lock(outer);
	tlock_lock(inner);
	tlock_unlock(inner);
	tlock_unlock(outer);
}

/*
 * The wait generation wraps after 2^32 waits, which no test can wait
 * for: the clock, dept_wgen, is set near the wrap through its symbol.
 * Across the wrap a later wait must still count as later, and 0, which
 * means "nobody waits", must never be handed out.
 */
static void test_wgen_wrap(void)
{
	atomic_t *wgen = (atomic_t *)kallsyms_lookup_name("dept_wgen");
	struct tlock A, D[8], G;
	struct dept_map E, F;
	int i;

	if (!CHECK(wgen, "the engine's wait clock is not found"))
		return;
	tlock_init(&A, NULL, "A");
	tlock_init(&G, NULL, "G");
	for (i = 0; i < 8; i++)
		tlock_init(&D[i], NULL, "D");
	dept_map_init(&E, NULL, 0, "E");
	dept_map_init(&F, NULL, 0, "F");

	/*
	 * E requested just before the wrap, A waited just after it: lock
	 * pairs in between until the clock wraps, however many wgens a
	 * pair takes.
	 */
	atomic_set(wgen, -16);
	sdt_request_event(&E);
	for (i = 0; i < 32 && (unsigned int)atomic_read(wgen) > 16U; i++) {
		tlock_lock(&D[i % 8]);
		tlock_unlock(&D[i % 8]);
	}
	tlock_lock(&A);
	tlock_unlock(&A);
	CHECK((unsigned int)atomic_read(wgen) < 16U, "wgen %u did not wrap",
	      (unsigned int)atomic_read(wgen));
	sdt_event(&E);
	tlock_lock(&A);
	sdt_wait(&E);
	tlock_unlock(&A);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "E:0"));

	/* the request that meets the wrap gets a real wgen */
	atomic_set(wgen, -1);
	sdt_request_event(&F);
	CHECK(F.wgen != 0, "the request got wgen 0");
	tlock_lock(&G);
	tlock_unlock(&G);
	sdt_event(&F);
	tlock_lock(&G);
	sdt_wait(&F);
	tlock_unlock(&G);
	EXPECT_REPORTS(REPORT(DEADLOCK, "F:0", "G:0"));
}

/*
 * A task remembers its last DEPT_MAX_WAIT_HIST waits.  After 100 waits
 * on distinct classes, an event links to the newest 64 and not to the
 * 36 that fell out of the ring.
 */
#define NR_HIST_WAITS 100

static void test_wait_hist_wrap(void)
{
	static struct tlock W[NR_HIST_WAITS];
	static char names[NR_HIST_WAITS][8];
	const int oldest_kept = NR_HIST_WAITS - DEPT_MAX_WAIT_HIST;
	const int probes[] = { 0, oldest_kept - 1, oldest_kept, NR_HIST_WAITS - 1 };
	struct dept_map E;
	char cls[2][16];
	int i;

	dept_map_init(&E, NULL, 0, "E");
	for (i = 0; i < NR_HIST_WAITS; i++) {
		snprintf(names[i], sizeof(names[i]), "W%d", i);
		tlock_init(&W[i], NULL, names[i]);
	}

	sdt_request_event(&E);
	for (i = 0; i < NR_HIST_WAITS; i++) {
		tlock_lock(&W[i]);
		tlock_unlock(&W[i]);
	}
	sdt_event(&E);

	for (i = 0; i < (int)ARRAY_SIZE(probes); i++) {
		struct tlock *w = &W[probes[i]];

		tlock_lock(w);
		sdt_wait(&E);
		tlock_unlock(w);
	}
	snprintf(cls[0], sizeof(cls[0]), "W%d:0", oldest_kept);
	snprintf(cls[1], sizeof(cls[1]), "W%d:0", NR_HIST_WAITS - 1);
	EXPECT_REPORTS(REPORT(DEADLOCK, "E:0", cls[0]),
		       REPORT(DEADLOCK, "E:0", cls[1]));
}

/*
 * A task holds at most DEPT_MAX_ECXT_HELD event contexts; the ones
 * beyond are counted, not tracked, and releasing everything leaves the
 * task's stack empty.
 */
#define NR_HELD (DEPT_MAX_ECXT_HELD + 2)

static void test_ecxt_held_limit(void)
{
	static struct tlock L[NR_HELD];
	static char names[NR_HELD][8];
	struct dept_task *dt = &current->dept_task;
	char last[16];
	struct tlock T;
	int i;

	tlock_init(&T, NULL, "T");
	for (i = 0; i < NR_HELD; i++) {
		snprintf(names[i], sizeof(names[i]), "L%d", i);
		tlock_init(&L[i], NULL, names[i]);
	}

	for (i = 0; i < NR_HELD; i++)
		tlock_lock(&L[i]);
	CHECK(dt->ecxt_held_pos == DEPT_MAX_ECXT_HELD, "%d held",
	      dt->ecxt_held_pos);
	CHECK(dt->missing_ecxt == NR_HELD - DEPT_MAX_ECXT_HELD, "%d missing",
	      dt->missing_ecxt);
	tlock_lock(&T);
	tlock_unlock(&T);
	for (i = NR_HELD - 1; i >= 0; i--)
		tlock_unlock(&L[i]);
	CHECK(dt->ecxt_held_pos == 0, "%d still held", dt->ecxt_held_pos);
	CHECK(dt->missing_ecxt == 0, "%d still missing", dt->missing_ecxt);
	EXPECT_NO_REPORT();

	/* the last tracked context depends on T, the first untracked not */
	lock_pair(&T, &L[DEPT_MAX_ECXT_HELD - 1]);
	lock_pair(&T, &L[DEPT_MAX_ECXT_HELD]);
	snprintf(last, sizeof(last), "L%d:0", DEPT_MAX_ECXT_HELD - 1);
	EXPECT_REPORTS(REPORT(DEADLOCK, "T:0", last));
}

/*
 * A context released out of order no longer makes dependencies, and
 * the ones held around it still do.  B and C are trylocked so that no
 * dependency leads into them.
 */
static void test_ecxt_release_out_of_order(void)
{
	struct tlock A, B, C, D;

	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	tlock_init(&C, NULL, "C");
	tlock_init(&D, NULL, "D");

	tlock_lock(&A);
	tlock_trylock(&B);
	tlock_trylock(&C);
	tlock_unlock(&B);
	tlock_lock(&D);
	tlock_unlock(&D);
	tlock_unlock(&C);
	tlock_unlock(&A);

	lock_pair(&D, &B);
	EXPECT_NO_REPORT();
	lock_pair(&D, &C);
	lock_pair(&D, &A);
	EXPECT_REPORTS(REPORT(DEADLOCK, "C:0", "D:0"),
		       REPORT(DEADLOCK, "A:0", "D:0"));
}

/* Objects handed out by each pool, to compare before and after. */
struct pool_use {
	int used[OBJECT_NR];
};

static void pool_use(struct pool_use *u)
{
	int i;

	for (i = 0; i < OBJECT_NR; i++)
		u->used[i] = atomic_read(&dept_pool[i].used);
}

/* The pools hold what they did at @base, plus @classes classes. */
static void __check_pools(const char *file, int line,
			  const struct pool_use *base, int classes)
{
	struct pool_use now;
	int i;

	pool_use(&now);
	for (i = 0; i < OBJECT_NR; i++) {
		int want = base->used[i] + (i == OBJECT_class ? classes : 0);

		if (now.used[i] != want)
			check_fail(file, line, "%d %s objects in use, expected %d",
				   now.used[i], dept_pool[i].name, want);
	}
}
#define check_pools(base, classes) __check_pools(__FILE__, __LINE__, base, classes)

/* @classes more classes and @deps more dependencies than at @base */
#define check_graph(base, classes, deps)				\
do {									\
	struct pool_use __now;						\
									\
	pool_use(&__now);						\
	CHECK(__now.used[OBJECT_class] == (base)->used[OBJECT_class] + (classes) &&\
	      __now.used[OBJECT_dep] == (base)->used[OBJECT_dep] + (deps),\
	      "%d classes, %d dependencies",				\
	      __now.used[OBJECT_class] - (base)->used[OBJECT_class],	\
	      __now.used[OBJECT_dep] - (base)->used[OBJECT_dep]);	\
} while (0)

/*
 * More classes than the class pool holds: the engine refills its pools
 * from a work item and goes on detecting, as its design says, rather
 * than stopping.  Allocations may fail while a refill is pending (the
 * worker may not have run yet), so the check waits for the refills to
 * land, as code running later in a kernel would find them done.
 */
#define NR_REFILL_CLASSES (3 * 1024 * 8)

static void wait_for_refills(void)
{
	int i;

	for (i = 0; i < OBJECT_NR; i++)
		while (READ_ONCE(dept_pool[i].refill_asked))
			usleep(1000);
}

static void test_pool_refill(void)
{
	struct tlock *many = calloc(NR_REFILL_CLASSES, sizeof(*many));
	struct dept_pool *classes = &dept_pool[OBJECT_class];
	struct tlock A, B;
	int i;

	tlock_init(&A, NULL, "A");
	tlock_init(&B, NULL, "B");
	for (i = 0; i < NR_REFILL_CLASSES; i++) {
		tlock_init(&many[i], NULL, "P");
		tlock_lock(&many[i]);
		tlock_unlock(&many[i]);
		/*
		 * Let the worker run when asked, as a kernel's would
		 * sooner or later; under valgrind it may otherwise
		 * starve for the whole loop.
		 */
		if (READ_ONCE(classes->refill_asked))
			wait_for_refills();
	}
	wait_for_refills();
	CHECK(READ_ONCE(classes->refills) >= 2, "%d refills of the class pool",
	      READ_ONCE(classes->refills));
	printf("  # %d refills, %d allocations dropped meanwhile\n",
	       READ_ONCE(classes->refills), atomic_read(&classes->dropped));

	lock_pair(&A, &B);
	lock_pair(&B, &A);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "B:0"));
	free(many);
}

/*
 * Thousands of classes share the class hash's buckets.  Locks of the
 * same keys through other maps (with empty caches) must find the very
 * same classes through the hash.  8000 unless --many-classes says.
 * They outgrow the boot pools: the loops let the refills land, as
 * pool_refill does, since what is tested here is the hash.
 */
static void lock_pair_refilled(struct tlock *a, struct tlock *b)
{
	int i;

	lock_pair(a, b);
	for (i = 0; i < OBJECT_NR; i++)
		if (READ_ONCE(dept_pool[i].refill_asked))
			wait_for_refills();
}

#define NR_MANY_CLASSES ((int)host_test_many_classes)

static void test_many_classes(void)
{
	struct dept_key *keys = calloc(NR_MANY_CLASSES, sizeof(*keys));
	struct tlock *locks = calloc(NR_MANY_CLASSES, sizeof(*locks));
	struct tlock *again = calloc(NR_MANY_CLASSES, sizeof(*again));
	char (*names)[12] = calloc(NR_MANY_CLASSES, sizeof(*names));
	const int probes[] = { 0, NR_MANY_CLASSES / 6, NR_MANY_CLASSES / 2 - 1 };
	struct expected_report exp[ARRAY_SIZE(probes)] = { };
	char cls[ARRAY_SIZE(probes)][2][16];
	int i;

	for (i = 0; i < NR_MANY_CLASSES; i++) {
		snprintf(names[i], sizeof(names[i]), "K%d", i);
		dept_key_init(&keys[i]);
		tlock_init(&locks[i], &keys[i], names[i]);
		tlock_init(&again[i], &keys[i], names[i]);
	}
	for (i = 0; i < NR_MANY_CLASSES; i += 2)
		lock_pair_refilled(&locks[i], &locks[i + 1]);
	for (i = 0; i < NR_MANY_CLASSES; i += 2)
		lock_pair_refilled(&again[i], &again[i + 1]);
	EXPECT_NO_REPORT();

	for (i = 0; i < (int)ARRAY_SIZE(probes); i++) {
		int k = 2 * probes[i];

		lock_pair(&again[k + 1], &again[k]);
		snprintf(cls[i][0], sizeof(cls[i][0]), "K%d:0", k);
		snprintf(cls[i][1], sizeof(cls[i][1]), "K%d:0", k + 1);
		exp[i] = (struct expected_report)REPORT(DEADLOCK, cls[i][0], cls[i][1]);
	}
	__expect_reports(__FILE__, __LINE__, exp, ARRAY_SIZE(exp));

	for (i = 0; i < NR_MANY_CLASSES; i++)
		dept_key_destroy(&keys[i]);
	free(names);
	free(again);
	free(locks);
	free(keys);
}

/*
 * A destroyed key leaves no class and no dependency behind: a key born
 * again at the same address starts with a clean slate, and once every
 * class is gone the pools are back where they were.  The work is done
 * by tasks that exit, so that no task's history keeps objects alive;
 * a live class may keep an event context for its IRQ bookkeeping.
 */
struct key_case {
	struct dept_key	*key;
	struct tlock	keyed, plain;
};

static void keyed_then_plain(void *arg)
{
	struct key_case *kc = arg;

	lock_pair(&kc->keyed, &kc->plain);
}

static void plain_then_keyed(void *arg)
{
	struct key_case *kc = arg;

	lock_pair(&kc->plain, &kc->keyed);
}

static void test_key_destroy(void)
{
	struct key_case kc;
	struct pool_use base;
	char *name = strdup("K");

	pool_use(&base);
	tlock_init(&kc.plain, NULL, "P");

	kc.key = malloc(sizeof(*kc.key));
	dept_key_init(kc.key);
	tlock_init(&kc.keyed, kc.key, name);
	RUN_TASKS(&kc, keyed_then_plain);
	check_graph(&base, 2, 1);

	dept_key_destroy(kc.key);
	rcu_barrier();
	check_graph(&base, 1, 0);
	free(kc.key);
	free(name);

	/* most likely the same address again */
	kc.key = malloc(sizeof(*kc.key));
	dept_key_init(kc.key);
	tlock_init(&kc.keyed, kc.key, "K");
	RUN_TASKS(&kc, plain_then_keyed);
	EXPECT_NO_REPORT();

	dept_key_destroy(kc.key);
	dept_free_range(&kc.plain, sizeof(kc.plain));
	rcu_barrier();
	check_pools(&base, 0);
	free(kc.key);
}

/*
 * Module unload: dept_free_range() forgets the classes keyed in the
 * range and those whose name lies in it.
 */
struct module_image {
	struct dept_key	key;
	struct tlock	own;
	char		name[8];
};

struct range_case {
	struct module_image	*mod;
	struct tlock		outside, keyed, named;
};

static void range_load(struct range_case *rc)
{
	rc->mod = calloc(1, sizeof(*rc->mod));
	dept_key_init(&rc->mod->key);
	strscpy(rc->mod->name, "named", sizeof(rc->mod->name));
	tlock_init(&rc->mod->own, NULL, "own");
	tlock_init(&rc->keyed, &rc->mod->key, "keyed");
	tlock_init(&rc->named, NULL, rc->mod->name);
}

static void range_unload(struct range_case *rc)
{
	dept_free_range(rc->mod, sizeof(*rc->mod));
	rcu_barrier();
	free(rc->mod);
}

static void range_forward(void *arg)
{
	struct range_case *rc = arg;
	struct tlock *order[] = { &rc->outside, &rc->keyed, &rc->mod->own, &rc->named };
	int i;

	for (i = 0; i < 4; i++)
		tlock_lock(order[i]);
	for (i = 3; i >= 0; i--)
		tlock_unlock(order[i]);
}

static void range_backward(void *arg)
{
	struct range_case *rc = arg;
	struct tlock *order[] = { &rc->named, &rc->mod->own, &rc->keyed, &rc->outside };
	int i;

	for (i = 0; i < 4; i++)
		tlock_lock(order[i]);
	for (i = 3; i >= 0; i--)
		tlock_unlock(order[i]);
}

static void test_free_range(void)
{
	struct range_case rc;
	struct pool_use base;

	pool_use(&base);
	tlock_init(&rc.outside, NULL, "outside");

	range_load(&rc);
	RUN_TASKS(&rc, range_forward);
	check_graph(&base, 4, 6);
	range_unload(&rc);
	check_graph(&base, 1, 0);

	range_load(&rc);
	RUN_TASKS(&rc, range_backward);
	EXPECT_NO_REPORT();
	range_unload(&rc);
	check_graph(&base, 1, 0);

	dept_free_range(&rc.outside, sizeof(rc.outside));
	rcu_barrier();
	check_pools(&base, 0);
}

/*
 * Classes of one name and different keys, as two mutex_init() call sites
 * of one lock name, print apart: the first as the name, each later one
 * with "#N"; the subclasses of one key share its number, and a destroyed
 * key's number is not given again while a later one lives.  The names
 * are copies, so that only their text is shared.
 */
static void test_name_versions(void)
{
	struct dept_key keys[3];
	struct tlock first, second, second_sub, third;
	char *names[3];
	int i;

	for (i = 0; i < 3; i++) {
		names[i] = strdup("same");
		dept_key_init(&keys[i]);
	}
	tlock_init(&first, &keys[0], names[0]);
	tlock_init(&second, &keys[1], names[1]);
	/* the key's subclass 1, as lockdep_set_subclass() makes it */
	ldt_init(&second_sub.dmap, &keys[1], 1, names[1]);
	tlock_init(&third, &keys[2], names[2]);

	lock_pair(&first, &second);
	lock_pair(&second, &first);
	EXPECT_REPORTS(REPORT(DEADLOCK, "same:0", "same#2:0"));

	lock_pair(&first, &second_sub);
	lock_pair(&second_sub, &first);
	EXPECT_REPORTS(REPORT(DEADLOCK, "same:0", "same#2:1"));

	dept_key_destroy(&keys[0]);
	lock_pair(&third, &second);
	lock_pair(&second, &third);
	EXPECT_REPORTS(REPORT(DEADLOCK, "same#3:0", "same#2:0"));

	for (i = 1; i < 3; i++)
		dept_key_destroy(&keys[i]);
	for (i = 0; i < 3; i++)
		free(names[i]);
}

/*
 * A class taken at many call sites (the runqueue lock has dozens, each
 * taken on every wake-up): every site keeps the stacks of its first wait
 * and context, so a second round over the sites takes no stack trace;
 * forgetting the class drops the kept stacks.
 */
#define NR_SITES 40

struct site_case {
	struct tlock	lock;
	unsigned long	traces;		/* taken in the second round */
};

static void take_at_sites(void *arg)
{
	/* call sites of the class: addresses inside this function */
	unsigned long site = (unsigned long)take_at_sites;
	struct site_case *sc = arg;
	int round, i;

	for (round = 0; round < 2; round++) {
		sc->traces = host_stack_traces();
		for (i = 0; i < NR_SITES; i++) {
			ldt_lock(&sc->lock.dmap, 0, 0, NULL, site + i);
			ldt_unlock(&sc->lock.dmap, site + i);
		}
	}
	sc->traces = host_stack_traces() - sc->traces;
}

static void test_site_stacks(void)
{
	struct site_case sc;
	struct pool_use base;

	pool_use(&base);
	tlock_init(&sc.lock, NULL, "L");
	RUN_TASKS(&sc, take_at_sites);
	CHECK(sc.traces == 0, "%lu stack traces taken at %d sites seen before",
	      sc.traces, NR_SITES);
	EXPECT_NO_REPORT();

	/* the task is gone: nothing but the class keeps its stacks */
	dept_free_range(&sc.lock, sizeof(sc.lock));
	rcu_barrier();
	check_pools(&base, 0);
}

/*
 * Several tasks create classes at the same time, nothing else ordering
 * them: every class must make it into the graph, and under DRD the
 * graph's lists must be seen changed under the engine's lock only.
 */
#define NR_PARALLEL_TASKS	3
#define NR_PARALLEL_CLASSES	200

struct parallel_case {
	struct tlock		locks[NR_PARALLEL_TASKS][NR_PARALLEL_CLASSES];
	pthread_barrier_t	start;
	int			next;
};

static void create_classes(void *arg)
{
	struct parallel_case *pc = arg;
	int t = __atomic_fetch_add(&pc->next, 1, __ATOMIC_RELAXED);
	int i;

	pthread_barrier_wait(&pc->start);
	for (i = 0; i < NR_PARALLEL_CLASSES; i++) {
		tlock_lock(&pc->locks[t][i]);
		tlock_unlock(&pc->locks[t][i]);
	}
}

static void test_parallel_classes(void)
{
	struct parallel_case *pc = calloc(1, sizeof(*pc));
	struct pool_use base;
	int t, i;

	pool_use(&base);
	for (t = 0; t < NR_PARALLEL_TASKS; t++)
		for (i = 0; i < NR_PARALLEL_CLASSES; i++)
			tlock_init(&pc->locks[t][i], NULL, "C");
	pthread_barrier_init(&pc->start, NULL, NR_PARALLEL_TASKS);
	RUN_TASKS(pc, create_classes, create_classes, create_classes);
	check_graph(&base, NR_PARALLEL_TASKS * NR_PARALLEL_CLASSES, 0);
	EXPECT_NO_REPORT();
	pthread_barrier_destroy(&pc->start);
	free(pc);
}

/*
 * Two tasks close two different cycles at the same moment, round after
 * round; then each closing is repeated alone.  Each cycle is reported
 * exactly once, whichever task got the graph lock first.
 */
#define NR_RACE_ROUNDS 12

struct race_case {
	struct tlock		lock[NR_RACE_ROUNDS][4];
	char			name[NR_RACE_ROUNDS][4][8];
	pthread_barrier_t	start;
	int			round;
	bool			together;
};

static void race_prepare(void *arg)
{
	struct race_case *rc = arg;
	int r;

	for (r = 0; r < NR_RACE_ROUNDS; r++) {
		lock_pair(&rc->lock[r][0], &rc->lock[r][1]);
		lock_pair(&rc->lock[r][2], &rc->lock[r][3]);
	}
}

static void race_close(struct race_case *rc, int first)
{
	if (rc->together)
		pthread_barrier_wait(&rc->start);
	lock_pair(&rc->lock[rc->round][first + 1], &rc->lock[rc->round][first]);
}

static void race_one(void *arg)
{
	race_close(arg, 0);
}

static void race_other(void *arg)
{
	race_close(arg, 2);
}

static void test_concurrent_cycles(void)
{
	struct race_case *rc = calloc(1, sizeof(*rc));
	struct expected_report exp[2 * NR_RACE_ROUNDS] = { };
	int r, i;

	for (r = 0; r < NR_RACE_ROUNDS; r++) {
		for (i = 0; i < 4; i++) {
			snprintf(rc->name[r][i], sizeof(rc->name[r][i]), "%c%d",
				 'a' + i, r);
			tlock_init(&rc->lock[r][i], NULL, rc->name[r][i]);
		}
	}
	pthread_barrier_init(&rc->start, NULL, 2);
	RUN_TASKS(rc, race_prepare);

	for (r = 0; r < NR_RACE_ROUNDS; r++) {
		rc->round = r;
		rc->together = true;
		RUN_TASKS(rc, race_one, race_other);
		rc->together = false;
		RUN_TASKS(rc, race_one);
		RUN_TASKS(rc, race_other);
	}

	for (r = 0; r < NR_RACE_ROUNDS; r++) {
		static char cls[NR_RACE_ROUNDS][4][12];

		for (i = 0; i < 4; i++)
			snprintf(cls[r][i], sizeof(cls[r][i]), "%s:0", rc->name[r][i]);
		exp[2 * r] = (struct expected_report)REPORT(DEADLOCK, cls[r][0], cls[r][1]);
		exp[2 * r + 1] = (struct expected_report)REPORT(DEADLOCK, cls[r][2], cls[r][3]);
	}
	__expect_reports(__FILE__, __LINE__, exp, ARRAY_SIZE(exp));
	pthread_barrier_destroy(&rc->start);
	free(rc);
}

/*
 * A wait and an event relate only within one context: not across an
 * entry from user space (dept_update_cxt()), not from an interrupt to
 * the task it interrupted.
 */
static void test_contexts(void)
{
	struct tlock A[3];
	struct dept_map E[3];
	unsigned long flags;
	int i;

	for (i = 0; i < 3; i++) {
		tlock_init(&A[i], NULL, "A");
		dept_map_init(&E[i], NULL, 0, "E");
	}

	/* the same context: E depends on A */
	sdt_request_event(&E[0]);
	tlock_lock(&A[0]);
	tlock_unlock(&A[0]);
	sdt_event(&E[0]);

	/* a new process context began between the wait and the event */
	sdt_request_event(&E[1]);
	tlock_lock(&A[1]);
	tlock_unlock(&A[1]);
	dept_update_cxt();
	sdt_event(&E[1]);

	/* the event fires in an interrupt of the task that waited */
	sdt_request_event(&E[2]);
	tlock_lock(&A[2]);
	tlock_unlock(&A[2]);
	host_hardirq_enter();
	sdt_event(&E[2]);
	host_hardirq_exit();

	/*
	 * Close each candidate cycle with IRQs off, so that holding A
	 * cannot also be an IRQ dependency of its own.
	 */
	for (i = 0; i < 3; i++) {
		local_irq_save(flags);
		tlock_lock(&A[i]);
		sdt_wait(&E[i]);
		tlock_unlock(&A[i]);
		local_irq_restore(flags);
	}
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "E:0"));
}

/*
 * A lock held with IRQs enabled, and waited for in a hardirq: the
 * interrupt may come while the lock is held on the same CPU.
 */
static void test_irq_inversion(void)
{
	struct tlock A;

	tlock_init(&A, NULL, "A");
	tlock_lock(&A);
	tlock_unlock(&A);
	EXPECT_NO_REPORT();

	host_hardirq_enter();
	tlock_lock(&A);
	tlock_unlock(&A);
	host_hardirq_exit();
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "A:0"));
}

/*
 * An interrupt that waits on A while an event context of E runs with
 * IRQs enabled keeps E from happening: E -> A, although the wait is in
 * another context than the event.  Holding A while waiting for E closes
 * the cycle.
 */
static void test_irq_in_event_context(void)
{
	struct dept_map E;
	unsigned long flags;
	struct tlock A;

	tlock_init(&A, NULL, "A");
	dept_map_init(&E, NULL, 0, "E");

	sdt_request_event(&E);
	host_hardirq_enter();
	tlock_lock(&A);
	tlock_unlock(&A);
	host_hardirq_exit();
	sdt_event(&E);
	EXPECT_NO_REPORT();

	local_irq_save(flags);
	tlock_lock(&A);
	sdt_wait(&E);
	tlock_unlock(&A);
	local_irq_restore(flags);
	EXPECT_REPORTS(REPORT(DEADLOCK, "A:0", "E:0"));
}

/*
 * An event fired first with IRQs off, then, with nothing waited since
 * its request, with IRQs on: the second one marks the class, so an
 * interrupt that waits for the event may come while it is on its way.
 */
static void test_event_marks_irqs_later(void)
{
	struct dept_map E;
	unsigned long flags;

	dept_map_init(&E, NULL, 0, "E");

	local_irq_save(flags);
	sdt_request_event(&E);
	sdt_event(&E);
	local_irq_restore(flags);
	sdt_request_event(&E);
	sdt_event(&E);
	EXPECT_NO_REPORT();

	host_hardirq_enter();
	sdt_wait(&E);
	host_hardirq_exit();
	EXPECT_REPORTS(REPORT(AA_DEADLOCK, "E:0"));
}

/* A bit lock taken and released, at one site whoever calls it. */
static void bit_lock_pair(struct dept_map *m, struct tbitlock *l)
{
	tbitlock_lock(m, l);
	tbitlock_unlock(m, l);
}

/*
 * A wait repeated right after itself, but now with a lock held that was
 * taken without waiting (a trylock): the repeat gives the lock its first
 * dependency, on the wait, though the history holds the same wait last.
 */
static void test_repeated_wait_new_dep(void)
{
	struct tbitlock b = { .inst = { .set = 0, .pos = 0 } };
	struct dept_map B;
	struct tlock L;

	dept_map_init(&B, NULL, 0, "B");
	dept_ext_wgen_init(&b.wgen);
	tlock_init(&L, NULL, "L");

	bit_lock_pair(&B, &b);
	tlock_trylock(&L);
	bit_lock_pair(&B, &b);
	tlock_unlock(&L);
	EXPECT_NO_REPORT();

	tbitlock_lock(&B, &b);
	tlock_lock(&L);
	tlock_unlock(&L);
	tbitlock_unlock(&B, &b);
	EXPECT_REPORTS(REPORT(DEADLOCK, "B:0", "L:0"));
}

/*
 * The same wait in two hardirqs, one after the other: the second one's
 * is its own, after the event it requested, so the event depends on it;
 * the first one's, in the history last, belongs to another context.
 * B, waited for in hardirqs, then held with IRQs enabled, is an AA
 * deadlock of its own as well.
 */
static void test_repeated_wait_other_irq(void)
{
	struct tbitlock b = { .inst = { .set = 0, .pos = 0 } };
	struct dept_map B, E;

	dept_map_init(&B, NULL, 0, "B");
	dept_map_init(&E, NULL, 0, "E");
	dept_ext_wgen_init(&b.wgen);

	host_hardirq_enter();
	bit_lock_pair(&B, &b);
	host_hardirq_exit();
	host_hardirq_enter();
	sdt_request_event(&E);
	bit_lock_pair(&B, &b);
	sdt_event(&E);
	host_hardirq_exit();
	EXPECT_NO_REPORT();

	tbitlock_lock(&B, &b);
	sdt_wait(&E);
	tbitlock_unlock(&B, &b);
	EXPECT_REPORTS(REPORT(DEADLOCK, "B:0", "E:0"),
		       REPORT(AA_DEADLOCK, "B:0"));
}

/* A wait on @m's events @w_f at local subclass @sub_l, at one site */
static void wait_at_one_site(struct dept_map *m, unsigned long w_f,
			     int sub_l)
{
	dept_wait(m, w_f, _THIS_IP_, __func__, sub_l, -1L);
}

/*
 * A wait on M's events @w_f at local subclass @sub_l, right after one on
 * M's own class for its first event, at the same site: its class @cls
 * (M's event @e_f at @sub_l) is another one, whose wait is new, and the
 * event requested before it depends on it.
 */
static void second_wait_adds(unsigned long w_f, int sub_l, unsigned long e_f,
			     const char *cls)
{
	struct dept_map M, X;

	dept_map_init(&M, NULL, 0, "M");
	dept_map_init(&X, NULL, 0, "X");

	wait_at_one_site(&M, 1UL, 0);
	sdt_request_event(&X);
	wait_at_one_site(&M, w_f, sub_l);
	sdt_event(&X);
	EXPECT_NO_REPORT();

	dept_ecxt_enter(&M, e_f, _THIS_IP_, "start", "event", sub_l);
	sdt_wait(&X);
	dept_ecxt_exit(&M, e_f, _THIS_IP_);
	EXPECT_REPORTS(REPORT(DEADLOCK, cls, "X:0"));
}

/* a wait on two events of a map after one on the first alone */
static void test_repeated_wait_more_events(void)
{
	second_wait_adds(3UL, 0, 2UL, "M:8");
}

/* a wait on a map's nested subclass (*_lock_nested()) after its own */
static void test_repeated_wait_nested(void)
{
	second_wait_adds(1UL, 1, 1UL, "M:1");
}

const struct host_suite internals_suite = {
	.name = "internals",
	.cases = (const struct host_case[]) {
		{ "wgen_wrap", test_wgen_wrap },
		{ "wait_hist_wrap", test_wait_hist_wrap },
		{ "ecxt_held_limit", test_ecxt_held_limit },
		{ "ecxt_release_out_of_order", test_ecxt_release_out_of_order },
		{ "pool_refill", test_pool_refill },
		{ "many_classes", test_many_classes },
		{ "key_destroy", test_key_destroy },
		{ "free_range", test_free_range },
		{ "name_versions", test_name_versions },
		{ "site_stacks", test_site_stacks },
		{ "parallel_classes", test_parallel_classes },
		{ "concurrent_cycles", test_concurrent_cycles },
		{ "contexts", test_contexts },
		{ "irq_inversion", test_irq_inversion },
		{ "irq_in_event_context", test_irq_in_event_context },
		{ "event_marks_irqs_later", test_event_marks_irqs_later },
		{ "repeated_wait_new_dep", test_repeated_wait_new_dep },
		{ "repeated_wait_other_irq", test_repeated_wait_other_irq },
		{ "repeated_wait_more_events", test_repeated_wait_more_events },
		{ "repeated_wait_nested", test_repeated_wait_nested },
		{ }
	},
};
