// SPDX-License-Identifier: GPL-2.0
/*
 * What a lock pair, a round trip between two threads and a folio lock
 * cost: each operation runs in a loop timed with ktime_get_ns(), and the
 * module prints the time of one operation,
 *
 *   dept-bench: NAME NS ns/op over N
 *
 * The loop runs in batches, each twice the last, until one batch takes
 * at least bench_ms milliseconds: the figure is that batch's, after the
 * smaller batches have warmed caches and created whatever the debuggers
 * keep per class and dependency.  The same module runs on every kernel
 * (DEPT on, DEPT off, no lock debugging), so it uses only the kernel's
 * own primitives and nothing of DEPT.
 */
#include <linux/completion.h>
#include <linux/gfp.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/pagemap.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include "scenario_threads.h"

static unsigned int bench_ms = 200;
module_param(bench_ms, uint, 0444);
MODULE_PARM_DESC(bench_ms, "least duration of the measured batch (ms)");

static DEFINE_SPINLOCK(bench_spin);
static DEFINE_MUTEX(bench_mutex);
static DEFINE_MUTEX(bench_outer);
static DEFINE_MUTEX(bench_inner);
static DECLARE_RWSEM(bench_rwsem);
static struct folio *bench_folio;

static void spin_pair(unsigned long n)
{
	while (n--) {
		spin_lock(&bench_spin);
		spin_unlock(&bench_spin);
	}
}

static void mutex_pair(unsigned long n)
{
	while (n--) {
		mutex_lock(&bench_mutex);
		mutex_unlock(&bench_mutex);
	}
}

static void rwsem_read_pair(unsigned long n)
{
	while (n--) {
		down_read(&bench_rwsem);
		up_read(&bench_rwsem);
	}
}

static void nested_pair(unsigned long n)
{
	while (n--) {
		mutex_lock(&bench_outer);
		mutex_lock(&bench_inner);
		mutex_unlock(&bench_inner);
		mutex_unlock(&bench_outer);
	}
}

static void folio_pair(unsigned long n)
{
	while (n--) {
		folio_lock(bench_folio);
		folio_unlock(bench_folio);
	}
}

/*
 * Round trips: the module asks, a partner thread answers, n times.  The
 * partner learns n before it starts and answers exactly n requests; its
 * start and end are inside the timed batch, spread over its n trips
 * (thousands in a 200 ms batch).
 */
static unsigned long trips;
static DECLARE_COMPLETION(ask_done);
static DECLARE_COMPLETION(answer_done);

static void completion_partner(void)
{
	unsigned long i;

	for (i = 0; i < trips; i++) {
		wait_for_completion(&ask_done);
		complete(&answer_done);
	}
}

static void completion_trip(unsigned long n)
{
	struct scenario_thread partner = { .fn = completion_partner };
	unsigned long i;

	trips = n;
	scenario_start(&partner);
	for (i = 0; i < n; i++) {
		complete(&ask_done);
		wait_for_completion(&answer_done);
	}
	scenario_finish(&partner, 1);
}

/* The same with two sequence numbers and a waitqueue per direction. */
static DECLARE_WAIT_QUEUE_HEAD(ask_wq);
static DECLARE_WAIT_QUEUE_HEAD(answer_wq);
static unsigned long asked, answered;

static void waitqueue_partner(void)
{
	unsigned long i;

	for (i = 1; i <= trips; i++) {
		wait_event(ask_wq, READ_ONCE(asked) >= i);
		WRITE_ONCE(answered, i);
		wake_up(&answer_wq);
	}
}

static void waitqueue_trip(unsigned long n)
{
	struct scenario_thread partner = { .fn = waitqueue_partner };
	unsigned long i;

	trips = n;
	WRITE_ONCE(asked, 0);
	WRITE_ONCE(answered, 0);
	scenario_start(&partner);
	for (i = 1; i <= n; i++) {
		WRITE_ONCE(asked, i);
		wake_up(&ask_wq);
		wait_event(answer_wq, READ_ONCE(answered) >= i);
	}
	scenario_finish(&partner, 1);
}

struct bench_op {
	const char *name;
	void (*run)(unsigned long n);
	unsigned long first;	/* the first batch */
};

static const struct bench_op ops[] = {
	{ "spin_pair", spin_pair, 1000 },
	{ "mutex_pair", mutex_pair, 1000 },
	{ "rwsem_read_pair", rwsem_read_pair, 1000 },
	{ "nested_pair", nested_pair, 1000 },
	{ "completion_trip", completion_trip, 100 },
	{ "waitqueue_trip", waitqueue_trip, 100 },
	{ "folio_pair", folio_pair, 1000 },
};

static void bench_one(const struct bench_op *op)
{
	u64 least = (u64)bench_ms * NSEC_PER_MSEC;
	unsigned long n = op->first;
	u64 start, took, ps;

	for (;;) {
		start = ktime_get_ns();
		op->run(n);
		took = ktime_get_ns() - start;
		if (took >= least)
			break;
		n *= 2;
		cond_resched();
	}
	ps = div64_ul(took * 1000, n);
	pr_info("dept-bench: %s %llu.%03llu ns/op over %lu\n", op->name,
		ps / 1000, ps % 1000, n);
}

static int __init dept_bench_init(void)
{
	int i;

	bench_folio = folio_alloc(GFP_KERNEL, 0);
	if (!bench_folio)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(ops); i++)
		bench_one(&ops[i]);
	folio_put(bench_folio);
	return 0;
}
SCENARIO_MODULE(dept_bench_init, "DEPT benchmark: lock pairs, round trips, folio lock");
