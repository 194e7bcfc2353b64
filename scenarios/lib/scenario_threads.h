/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Threads for scenario modules.
 *
 * A scenario runs each side of a dangerous pattern in a kernel thread of
 * its own and orders the sides so that the pattern is exercised without
 * the system ever deadlocking.  The ordering polls with msleep(), which
 * neither DEPT nor lockdep sees, so it adds no dependency of its own.
 */

#ifndef __SCENARIO_THREADS_H
#define __SCENARIO_THREADS_H

#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/task.h>

struct scenario_thread {
	void (*fn)(void);
	struct task_struct *task;
	bool running;		/* @fn has begun */
	bool done;
};

static int scenario_thread_main(void *data)
{
	struct scenario_thread *t = data;

	smp_store_release(&t->running, true);
	t->fn();
	smp_store_release(&t->done, true);
	return 0;
}

/* Start @t->fn in a kernel thread named after the function. */
static inline void scenario_start(struct scenario_thread *t)
{
	struct task_struct *task;

	task = kthread_create(scenario_thread_main, t, "%ps", t->fn);
	if (IS_ERR(task)) {
		t->done = true;
		pr_err("scenario: cannot start %ps\n", t->fn);
		return;
	}
	get_task_struct(task);
	WRITE_ONCE(t->task, task);
	wake_up_process(task);
}

/*
 * Whether @task is off its CPU: __schedule() switched away from it, so a
 * wait it staged is committed.  With one CPU the caller is running, and
 * @task is not.
 */
static inline bool scenario_off_cpu(struct task_struct *task)
{
#ifdef CONFIG_SMP
	return !smp_load_acquire(&task->on_cpu);
#else
	return true;
#endif
}

/*
 * Wait until @t sleeps in @t->fn, really, and give it time to get deep
 * into the sleep.  Only a thread that has begun its function can: a new
 * one being woken on another CPU is TASK_WAKING, neither running nor on
 * a CPU, until that CPU gets to it, which under load can take longer
 * than the 20 ms below.  A task sets its sleeping state before it calls
 * schedule(): on a slow virtual CPU it can stay in between for long.
 */
static inline void scenario_wait_sleeping(struct scenario_thread *t)
{
	while (!smp_load_acquire(&t->running) ||
	       READ_ONCE(t->task->__state) == TASK_RUNNING ||
	       READ_ONCE(t->task->__state) == TASK_WAKING ||
	       !scenario_off_cpu(t->task))
		msleep(1);
	msleep(20);
}

/* Wait until @t has run to its end. */
static inline void scenario_wait_done(struct scenario_thread *t)
{
	while (!smp_load_acquire(&t->done))
		msleep(1);
}

/* Wait for every thread, then drop the references scenario_start took. */
static inline void scenario_finish(struct scenario_thread *threads, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		scenario_wait_done(&threads[i]);
	for (i = 0; i < nr; i++)
		if (threads[i].task)
			put_task_struct(threads[i].task);
}

/*
 * The sleeper of a pair, @threads[0], sleeps in its wait before its
 * waker, @threads[1], starts; returns when both are done.
 */
static inline void scenario_sleep_then_wake(struct scenario_thread *threads)
{
	scenario_start(&threads[0]);
	scenario_wait_sleeping(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, 2);
}

/* Boilerplate of a scenario module whose whole work is @init. */
#define SCENARIO_MODULE(init, desc)					\
	static void __exit scenario_exit(void) { }			\
	module_init(init);						\
	module_exit(scenario_exit);					\
	MODULE_DESCRIPTION(desc);					\
	MODULE_LICENSE("GPL")

#endif /* __SCENARIO_THREADS_H */
