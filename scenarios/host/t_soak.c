// SPDX-License-Identifier: GPL-2.0
/*
 * A seeded random soak: T tasks over K locks, real mutexes as well as
 * DEPT's annotations, each task taking random subsets of the locks in
 * one global order and releasing them in random order.  Such a run
 * has no cycle, so DEPT must stay silent; then a single acquisition
 * against the order must give exactly one report naming that pair.
 *
 * The seed is the program's (--seed, printed first); each task draws
 * from its own generator seeded from it, so a failing seed replays the
 * same choices (the interleaving of the tasks is the system's).
 */
#include <stdio.h>
#include <stdlib.h>
#include "prims.h"
#include "report.h"
#include "steps.h"
#include "suite.h"

#define SOAK_TASKS	4
#define SOAK_LOCKS	32

struct soak_lock {
	pthread_mutex_t	mutex;
	struct tlock	dept;
	char		name[8];
};

struct soak {
	struct soak_lock	locks[SOAK_LOCKS];
	unsigned long		iters;
	int			next_task;
	int			first, second;
};

/* splitmix64: small, good enough, and the same everywhere */
static unsigned long next_rand(unsigned long *state)
{
	unsigned long z = (*state += 0x9e3779b97f4a7c15UL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
	return z ^ (z >> 31);
}

static void take(struct soak_lock *l)
{
	pthread_mutex_lock(&l->mutex);
	tlock_lock(&l->dept);
}

static void release(struct soak_lock *l)
{
	tlock_unlock(&l->dept);
	pthread_mutex_unlock(&l->mutex);
}

static void soak_task(void *arg)
{
	struct soak *s = arg;
	unsigned long rng = host_test_seed * SOAK_TASKS +
			    __atomic_fetch_add(&s->next_task, 1, __ATOMIC_RELAXED);
	unsigned long n;

	for (n = 0; n < s->iters; n++) {
		unsigned long set = next_rand(&rng) & next_rand(&rng);
		int held[SOAK_LOCKS], nr = 0, i;

		for (i = 0; i < SOAK_LOCKS; i++) {
			if (set & (1UL << i)) {
				take(&s->locks[i]);
				held[nr++] = i;
			}
		}
		while (nr) {
			i = next_rand(&rng) % nr;
			release(&s->locks[held[i]]);
			held[i] = held[--nr];
		}
	}
}

static void in_order(void *arg)
{
	struct soak *s = arg;

	take(&s->locks[s->first]);
	take(&s->locks[s->second]);
	release(&s->locks[s->second]);
	release(&s->locks[s->first]);
}

static void inverted(void *arg)
{
	struct soak *s = arg;

	take(&s->locks[s->second]);
	take(&s->locks[s->first]);
	release(&s->locks[s->first]);
	release(&s->locks[s->second]);
}

static void test_random_order(void)
{
	struct soak *s = calloc(1, sizeof(*s));
	unsigned long rng = host_test_seed;
	char cls[2][16];
	int i;

	s->iters = host_test_soak_iters;
	for (i = 0; i < SOAK_LOCKS; i++) {
		pthread_mutex_init(&s->locks[i].mutex, NULL);
		snprintf(s->locks[i].name, sizeof(s->locks[i].name), "S%d", i);
		tlock_init(&s->locks[i].dept, NULL, s->locks[i].name);
	}
	s->first = next_rand(&rng) % (SOAK_LOCKS - 1);
	s->second = s->first + 1 + next_rand(&rng) % (SOAK_LOCKS - 1 - s->first);
	printf("  # seed %lu: %d tasks, %d locks, %lu iterations; inverting S%d and S%d\n",
	       host_test_seed, SOAK_TASKS, SOAK_LOCKS, s->iters,
	       s->first, s->second);
	fflush(stdout);

	RUN_TASKS(s, soak_task, soak_task, soak_task, soak_task);
	/* the direct edge, so that the cycle found is the pair itself */
	RUN_TASKS(s, in_order);
	EXPECT_NO_REPORT();

	RUN_TASKS(s, inverted);
	snprintf(cls[0], sizeof(cls[0]), "S%d:0", s->first);
	snprintf(cls[1], sizeof(cls[1]), "S%d:0", s->second);
	EXPECT_REPORTS(REPORT(DEADLOCK, cls[0], cls[1]));

	for (i = 0; i < SOAK_LOCKS; i++)
		pthread_mutex_destroy(&s->locks[i].mutex);
	free(s);
}

const struct host_suite soak_suite = {
	.name = "soak",
	.cases = (const struct host_case[]) {
		{ "random_order", test_random_order },
		{ }
	},
};
