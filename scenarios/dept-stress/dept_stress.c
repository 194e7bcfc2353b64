// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1 of dept-stress: correct code under load, which DEPT must see
 * through without a report, a warning or a stall, and with bounded memory.
 * From module load to unload:
 *
 * - walkers: kernel threads taking random ranges of NR_RANKS locks of
 *   their own classes (mutexes, then rw_semaphores, then spinlocks),
 *   always in rank order, with tick_lock (taken by the timer) innermost
 *   with BH off when the range reaches the last rank; the first walk of
 *   each takes every rank, so the whole lock order is in DEPT's graph
 *   early on;
 * - ping-pong pairs: one thread completes "ping" and waits for "pong",
 *   the other waits for "ping", walks some locks and completes "pong";
 * - sleepers: threads on a waitqueue the timer wakes up every tick, one
 *   of them holding a mutex of its own while it sleeps;
 * - a timer, every jiffy: tick_lock, then wake the sleepers.
 *
 * No wait happens under a lock that its event needs: the graph has no
 * cycle.  Unloading prints the counts of what ran.
 */
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/prandom.h>
#include <linux/rwsem.h>
#include <linux/sched/task.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/wait.h>

#define NR_MUTEXES	16
#define NR_RWSEMS	6
#define NR_SPINLOCKS	10
#define NR_RANKS	(NR_MUTEXES + NR_RWSEMS + NR_SPINLOCKS)
#define NR_WALKERS	8
#define NR_PAIRS	2
#define NR_SLEEPERS	2
#define NR_THREADS	(NR_WALKERS + 2 * NR_PAIRS + NR_SLEEPERS)

static struct mutex mutexes[NR_MUTEXES];
static struct rw_semaphore rwsems[NR_RWSEMS];
static spinlock_t spinlocks[NR_SPINLOCKS];
static struct lock_class_key rank_keys[NR_RANKS];
static char rank_names[NR_RANKS][16];

static DEFINE_SPINLOCK(tick_lock);
static DECLARE_WAIT_QUEUE_HEAD(tick_wq);
static DEFINE_MUTEX(sleeper_lock);
static struct timer_list tick_timer;
static unsigned long ticks;

struct pair {
	struct completion ping, pong;
};

static struct pair pairs[NR_PAIRS];
static struct task_struct *threads[NR_THREADS];
static bool stopping;
static atomic_long_t walks, round_trips, wakeups;

static void take(int rank, bool write)
{
	if (rank < NR_MUTEXES)
		mutex_lock(&mutexes[rank]);
	else if (rank < NR_MUTEXES + NR_RWSEMS && write)
		down_write(&rwsems[rank - NR_MUTEXES]);
	else if (rank < NR_MUTEXES + NR_RWSEMS)
		down_read(&rwsems[rank - NR_MUTEXES]);
	else
		spin_lock(&spinlocks[rank - NR_MUTEXES - NR_RWSEMS]);
}

static void release(int rank, bool write)
{
	if (rank < NR_MUTEXES)
		mutex_unlock(&mutexes[rank]);
	else if (rank < NR_MUTEXES + NR_RWSEMS && write)
		up_write(&rwsems[rank - NR_MUTEXES]);
	else if (rank < NR_MUTEXES + NR_RWSEMS)
		up_read(&rwsems[rank - NR_MUTEXES]);
	else
		spin_unlock(&spinlocks[rank - NR_MUTEXES - NR_RWSEMS]);
}

/*
 * Take the ranks [first, last] in order, the rw_semaphores for reading or
 * for writing, sometimes tick_lock innermost, then drop them.  Ranges, not
 * any subset, keep lockdep's lock chains few enough for its tables.
 */
static void walk(int first, int last, bool write)
{
	int rank;

	for (rank = first; rank <= last; rank++)
		take(rank, write);
	if (last == NR_RANKS - 1) {
		spin_lock_bh(&tick_lock);
		spin_unlock_bh(&tick_lock);
	}
	for (rank = last; rank >= first; rank--)
		release(rank, write);
	atomic_long_inc(&walks);
}

static void walk_some(struct rnd_state *rnd, bool write)
{
	int first = prandom_u32_state(rnd) % NR_RANKS;

	walk(first, first + prandom_u32_state(rnd) % (NR_RANKS - first), write);
}

/* Walker i takes the rw_semaphores for writing if i is odd. */
static int walker(void *data)
{
	unsigned long i = (unsigned long)data;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, i);
	walk(0, NR_RANKS - 1, i % 2);
	while (!READ_ONCE(stopping)) {
		walk_some(&rnd, i % 2);
		cond_resched();
	}
	return 0;
}

static int pinger(void *data)
{
	struct pair *p = data;

	while (!READ_ONCE(stopping)) {
		complete(&p->ping);
		wait_for_completion(&p->pong);
		atomic_long_inc(&round_trips);
	}
	return 0;
}

static int ponger(void *data)
{
	struct pair *p = data;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, (unsigned long)p);
	while (!READ_ONCE(stopping)) {
		wait_for_completion(&p->ping);
		walk_some(&rnd, false);
		complete(&p->pong);
	}
	return 0;
}

static void sleep_one_tick(void)
{
	unsigned long seen = READ_ONCE(ticks);

	wait_event(tick_wq, READ_ONCE(ticks) != seen || READ_ONCE(stopping));
	atomic_long_inc(&wakeups);
}

static int sleeper(void *data)
{
	bool holding = data;

	while (!READ_ONCE(stopping)) {
		if (holding)
			mutex_lock(&sleeper_lock);
		sleep_one_tick();
		if (holding)
			mutex_unlock(&sleeper_lock);
	}
	return 0;
}

static void tick(struct timer_list *t)
{
	spin_lock(&tick_lock);
	WRITE_ONCE(ticks, ticks + 1);
	spin_unlock(&tick_lock);
	wake_up_all(&tick_wq);
	if (!READ_ONCE(stopping))
		mod_timer(&tick_timer, jiffies + 1);
}

static void init_locks(void)
{
	int rank;

	for (rank = 0; rank < NR_RANKS; rank++) {
		snprintf(rank_names[rank], sizeof(rank_names[rank]),
			 "stress_%d", rank);
		if (rank < NR_MUTEXES) {
			mutex_init(&mutexes[rank]);
			lockdep_set_class_and_name(&mutexes[rank],
						   &rank_keys[rank],
						   rank_names[rank]);
		} else if (rank < NR_MUTEXES + NR_RWSEMS) {
			init_rwsem(&rwsems[rank - NR_MUTEXES]);
			lockdep_set_class_and_name(&rwsems[rank - NR_MUTEXES],
						   &rank_keys[rank],
						   rank_names[rank]);
		} else {
			spin_lock_init(&spinlocks[rank - NR_MUTEXES - NR_RWSEMS]);
			lockdep_set_class_and_name(&spinlocks[rank - NR_MUTEXES - NR_RWSEMS],
						   &rank_keys[rank],
						   rank_names[rank]);
		}
	}
}

static int start(int i, int (*fn)(void *), void *data)
{
	struct task_struct *task = kthread_run(fn, data, "dept_stress/%d", i);

	if (IS_ERR(task))
		return PTR_ERR(task);
	get_task_struct(task);
	threads[i] = task;
	return 0;
}

static void stop_all(void)
{
	int i;

	WRITE_ONCE(stopping, true);
	for (i = 0; i < NR_PAIRS; i++) {
		complete_all(&pairs[i].ping);
		complete_all(&pairs[i].pong);
	}
	wake_up_all(&tick_wq);
	for (i = 0; i < NR_THREADS; i++)
		if (threads[i])
			kthread_stop_put(threads[i]);
	timer_shutdown_sync(&tick_timer);
}

static int __init stress_init(void)
{
	int i, n = 0, err = 0;

	init_locks();
	for (i = 0; i < NR_PAIRS; i++) {
		init_completion(&pairs[i].ping);
		init_completion(&pairs[i].pong);
	}
	timer_setup(&tick_timer, tick, 0);
	mod_timer(&tick_timer, jiffies + 1);

	for (i = 0; i < NR_WALKERS && !err; i++)
		err = start(n++, walker, (void *)(unsigned long)i);
	for (i = 0; i < NR_PAIRS && !err; i++) {
		err = start(n++, pinger, &pairs[i]);
		if (!err)
			err = start(n++, ponger, &pairs[i]);
	}
	for (i = 0; i < NR_SLEEPERS && !err; i++)
		err = start(n++, sleeper, (void *)(unsigned long)(i == 0));
	if (err) {
		stop_all();
		return err;
	}
	pr_info("dept-stress: %d threads over %d lock classes: %d walkers, %d ping-pong pairs, %d sleepers, a timer\n",
		NR_THREADS, NR_RANKS, NR_WALKERS, NR_PAIRS, NR_SLEEPERS);
	return 0;
}

static void __exit stress_exit(void)
{
	stop_all();
	pr_info("dept-stress: %ld walks, %ld completion round trips, %ld waitqueue wake-ups, %lu timer ticks\n",
		atomic_long_read(&walks), atomic_long_read(&round_trips),
		atomic_long_read(&wakeups), ticks);
}

module_init(stress_init);
module_exit(stress_exit);
MODULE_DESCRIPTION("DEPT scenario: many threads over many classes, in one order");
MODULE_LICENSE("GPL");
