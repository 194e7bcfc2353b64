// SPDX-License-Identifier: GPL-2.0
/*
 * An AB-BA lock order that never deadlocks: the first thread takes
 * mutex_a then mutex_b and finishes before the second one takes mutex_b
 * then mutex_a.  Lockdep must report the possible circular dependency.
 */
#include <linux/completion.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(mutex_a);
static DEFINE_MUTEX(mutex_b);
static DECLARE_COMPLETION(ab_done);
static DECLARE_COMPLETION(ba_done);

static void lock_pair(struct mutex *first, struct mutex *second)
{
	mutex_lock(first);
	mutex_lock(second);
	mutex_unlock(second);
	mutex_unlock(first);
}

static int take_ab(void *unused)
{
	lock_pair(&mutex_a, &mutex_b);
	kthread_complete_and_exit(&ab_done, 0);
}

static int take_ba(void *unused)
{
	wait_for_completion(&ab_done);
	lock_pair(&mutex_b, &mutex_a);
	kthread_complete_and_exit(&ba_done, 0);
}

static int __init lockdep_abba_init(void)
{
	struct task_struct *ba, *ab;

	ba = kthread_run(take_ba, NULL, "abba-ba");
	if (IS_ERR(ba))
		return PTR_ERR(ba);
	ab = kthread_run(take_ab, NULL, "abba-ab");
	if (IS_ERR(ab)) {
		/* take_ba waits for ab_done: let it run and finish. */
		complete(&ab_done);
		wait_for_completion(&ba_done);
		return PTR_ERR(ab);
	}
	wait_for_completion(&ba_done);
	return 0;
}

/* An exit function makes the module unloadable; nothing is left to undo. */
static void __exit lockdep_abba_exit(void)
{
}

module_init(lockdep_abba_init);
module_exit(lockdep_abba_exit);
MODULE_DESCRIPTION("AB-BA mutex order across two threads, without a deadlock");
MODULE_LICENSE("GPL");
