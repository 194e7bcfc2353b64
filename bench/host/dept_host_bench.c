// SPDX-License-Identifier: GPL-2.0
/*
 * dept-host-bench: what the engine's operations cost, in instructions,
 * counted by callgrind on the host build of the unchanged engine
 * (arch-glue/host), with the primitives of the engine's host cases
 * (scenarios/host/prims.h).  Run it as
 *
 *   valgrind --tool=callgrind --collect-atstart=no \
 *            --toggle-collect=bench_measure ./dept-host-bench
 *
 * Each figure is one call of bench_measure(): callgrind counts only the
 * instructions of this thread inside it (the runtime's RCU and work
 * threads are not counted), dumps them under the figure's name, and the
 * program prints "FIGURE NAME OPS" so that bench/callgrind.py divides the
 * dump's counts (all, the engine's own, its stack traces) by the number
 * of operations.  Natively, the program only runs the operations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <valgrind/callgrind.h>
#include <host/runtime.h>
#include "dept_internal.h"
#include "prims.h"

#define OPS		1000	/* operations per measured figure */
#define NEW_DEPS	20	/* new dependencies per cycle-check figure */

/* Callgrind counts what runs inside this function (--toggle-collect). */
static noinline void bench_measure(void (*fn)(long n, void *arg), long n,
				   void *arg)
{
	fn(n, arg);
}

static void measure(const char *name, void (*fn)(long n, void *arg), long n,
		    void *arg)
{
	CALLGRIND_ZERO_STATS;
	bench_measure(fn, n, arg);
	CALLGRIND_DUMP_STATS_AT(name);
	printf("FIGURE %s %ld\n", name, n);
}

/* Let the work item refill the pools, as a kernel would sooner or later. */
static void settle(void)
{
	int i;

	for (i = 0; i < OBJECT_NR; i++)
		while (READ_ONCE(dept_pool[i].refill_asked))
			usleep(1000);
}

/* An array of locks, a class each. */
static struct tlock *new_locks(int nr, const char *name)
{
	struct dept_key *keys = calloc(nr, sizeof(*keys));
	struct tlock *locks = calloc(nr, sizeof(*locks));
	int i;

	if (!keys || !locks) {
		perror("dept-host-bench");
		exit(1);
	}
	for (i = 0; i < nr; i++) {
		dept_key_init(&keys[i]);
		tlock_init(&locks[i], &keys[i], name);
		/* the class exists from now on: a figure pays no creation */
		tlock_lock(&locks[i]);
		tlock_unlock(&locks[i]);
		if (i % 64 == 0)
			settle();
	}
	settle();
	return locks;
}

static void pair_of(struct tlock *outer, struct tlock *inner)
{
	tlock_lock(outer);
	tlock_lock(inner);
	tlock_unlock(inner);
	tlock_unlock(outer);
}

/* one lock acquired and released, a dependency it already has */
static void ldt_pair(long n, void *arg)
{
	struct tlock *l = arg;

	while (n--) {
		tlock_lock(l);
		tlock_unlock(l);
	}
}

/*
 * A wait and the event that ends it, as a completion completed by an
 * interrupt: the wait in this task, the event in a hardirq taken
 * afterwards, whose event context starts after the wait (so that the
 * event does not wait for the wait, no deadlock).  No context switch.
 */
static void sdt_pair(long n, void *arg)
{
	struct dept_map *m = arg;

	while (n--) {
		sdt_wait(m);
		host_hardirq_enter();
		sdt_event(m);
		host_hardirq_exit();
	}
}

/* A folio's or buffer's bit lock, free when taken: one map, an instance. */
struct bit_lock {
	struct dept_map			map;
	struct tbitlock			lock;
};

static void bit_lock_pair(long n, void *arg)
{
	struct bit_lock *b = arg;

	while (n--) {
		tbitlock_lock(&b->map, &b->lock);
		tbitlock_unlock(&b->map, &b->lock);
	}
}

/*
 * Two locks taken one after the other, each released before the next
 * (a figure's operation is both pairs), as a sleep and its wake-up take
 * the wait queue's lock, then the scheduler's: each acquisition's site
 * differs from the one before.
 */
static void alternate_pair(long n, void *arg)
{
	struct tlock *locks = arg;

	while (n--) {
		tlock_lock(&locks[0]);
		tlock_unlock(&locks[0]);
		tlock_lock(&locks[1]);
		tlock_unlock(&locks[1]);
	}
}

/* A lock taken under another, a dependency they already have. */
static void nested_pair(long n, void *arg)
{
	struct tlock *locks = arg;

	while (n--)
		pair_of(&locks[0], &locks[1]);
}

/* Each of the n pairs in @arg locks two classes never locked together. */
static void new_deps(long n, void *arg)
{
	struct tlock *locks = arg;
	long i;

	for (i = 0; i < n; i++)
		pair_of(&locks[2 * i], &locks[2 * i + 1]);
}

static int nr_classes(void)
{
	return atomic_read(&dept_pool[OBJECT_class].used);
}

/*
 * The cycle check's cost as the graph grows: new dependencies between
 * fresh classes, with @size classes in the graph that none of them
 * reaches (pairs of classes, each pair with its dependency; the fresh
 * classes of the smaller sizes before are unrelated too).
 */
static void cycle_check(int size)
{
	struct tlock *fresh;
	char name[32];

	while (nr_classes() + 1 < size) {
		struct tlock *pair = new_locks(2, "U");

		pair_of(&pair[0], &pair[1]);
	}
	settle();
	snprintf(name, sizeof(name), "cycle_check_%d", nr_classes());
	fresh = new_locks(2 * NEW_DEPS, "F");
	measure(name, new_deps, NEW_DEPS, fresh);
}

int main(void)
{
	static const int sizes[] = { 10, 100, 1000, 10000 };
	struct bit_lock bit = { .lock.inst = { .set = 1, .pos = 0 } };
	struct tlock *locks, *pairs;
	struct dept_map map;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	host_runtime_init();

	/* first, while the graph is empty */
	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		cycle_check(sizes[i]);

	locks = new_locks(1, "L");
	ldt_pair(OPS, locks);
	measure("ldt_pair", ldt_pair, OPS, locks);

	locks = new_locks(2, "A");
	alternate_pair(OPS, locks);
	measure("alternate_pair", alternate_pair, OPS, locks);

	locks = new_locks(2, "M");
	nested_pair(OPS, locks);
	measure("nested_pair", nested_pair, OPS, locks);

	sdt_map_init(&map);
	sdt_pair(OPS, &map);
	measure("sdt_pair", sdt_pair, OPS, &map);

	dept_map_init(&bit.map, NULL, 0, "B");
	dept_ext_wgen_init(&bit.lock.wgen);
	bit_lock_pair(OPS, &bit);
	measure("bit_lock_pair", bit_lock_pair, OPS, &bit);

	pairs = new_locks(2 * OPS, "N");
	measure("new_dep", new_deps, OPS, pairs);

	host_runtime_exit();
	return 0;
}
