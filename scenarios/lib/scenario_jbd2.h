/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A jbd2 journal of a scenario module's own, on the scenario's disk made
 * as an external ext4 journal ("disk ext4 8 -O journal_dev -b 4096" in its
 * expect; run.sh passes the device as journal_dev=), opened as ext4 opens
 * an external journal, a reservation held as ext4's writeback holds one,
 * and a look at its reserved-credit waiters.
 */
#ifndef SCENARIO_JBD2_H
#define SCENARIO_JBD2_H

#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/jbd2.h>
#include <linux/mutex.h>
#include "scenario_threads.h"

static char *journal_dev;
module_param(journal_dev, charp, 0444);
MODULE_PARM_DESC(journal_dev, "block device holding an external ext4 journal");

struct scenario_journal {
	struct file *bdev_file;
	journal_t *journal;
	int rsv_limit;	/* at most this many reserved credits at once */
};

static inline void scenario_journal_close(struct scenario_journal *sj)
{
	if (sj->journal)
		jbd2_journal_destroy(sj->journal);
	fput(sj->bdev_file);
}

static inline int scenario_journal_open(struct scenario_journal *sj)
{
	struct block_device *bdev;
	int err;

	sj->journal = NULL;
	sj->bdev_file = bdev_file_open_by_path(journal_dev,
					       BLK_OPEN_READ | BLK_OPEN_WRITE,
					       THIS_MODULE, NULL);
	if (IS_ERR(sj->bdev_file))
		return PTR_ERR(sj->bdev_file);
	bdev = file_bdev(sj->bdev_file);
	err = set_blocksize(sj->bdev_file, 4096);
	if (err)
		goto close;
	/* the journal's superblock follows the ext4 superblock's block 0 */
	sj->journal = jbd2_journal_init_dev(bdev, bdev, 1,
					    bdev_nr_bytes(bdev) >> 12, 4096);
	if (IS_ERR(sj->journal)) {
		err = PTR_ERR(sj->journal);
		sj->journal = NULL;
		goto close;
	}
	/* no timed commit: it would wait for a handle the scenario holds */
	sj->journal->j_commit_interval = 600 * HZ;
	err = jbd2_journal_load(sj->journal);
	if (err)
		goto close;
	sj->rsv_limit = (sj->journal->j_max_transaction_buffers -
			 sj->journal->j_transaction_overhead_buffers) / 2;
	return 0;
close:
	scenario_journal_close(sj);
	return err;
}

/* Wait until @n tasks sleep for reserved credits; false after 10 s. */
static inline bool scenario_journal_rsv_sleepers(struct scenario_journal *sj,
						 int n)
{
	wait_queue_head_t *wq = &sj->journal->j_wait_reserved;
	int i;

	for (i = 0; i < 500; i++) {
		struct list_head *p;
		unsigned long flags;
		int sleeping = 0;

		spin_lock_irqsave(&wq->lock, flags);
		list_for_each(p, &wq->head)
			sleeping++;
		spin_unlock_irqrestore(&wq->lock, flags);
		if (sleeping >= n)
			return true;
		msleep(20);
	}
	return false;
}

/* Holding @m, start a handle that reserves 8 credits, and stop it. */
static inline void scenario_journal_start_under(struct scenario_journal *sj,
						struct mutex *m)
{
	handle_t *handle;

	mutex_lock(m);
	handle = jbd2__journal_start(sj->journal, 1, 8, 0, GFP_NOFS, 0, 0);
	if (!IS_ERR(handle))
		jbd2_journal_stop(handle);
	else
		pr_err("scenario: starting a handle: %ld\n", PTR_ERR(handle));
	mutex_unlock(m);
}

/*
 * Reserve credits as ext4's writeback does (the reserved handle kept, the
 * handle that made it stopped): as many as may be reserved at once, less
 * @spare, until *@release; then call @before_free, if any, and free them.
 */
static inline void scenario_journal_hold_rsv(struct scenario_journal *sj,
					     int spare, bool *release,
					     void (*before_free)(void))
{
	handle_t *handle, *reserved;

	handle = jbd2__journal_start(sj->journal, 1, sj->rsv_limit - spare, 0,
				     GFP_NOFS, 0, 0);
	if (IS_ERR(handle)) {
		pr_err("scenario: reserving credits: %ld\n", PTR_ERR(handle));
		return;
	}
	reserved = handle->h_rsv_handle;
	handle->h_rsv_handle = NULL;
	jbd2_journal_stop(handle);
	while (!READ_ONCE(*release))
		msleep(20);
	if (before_free)
		before_free();
	jbd2_journal_free_reserved(reserved);
}

/*
 * The scene both jbd2 scenarios play: a holder of a reservation that
 * ends when the scene releases it, a waiter that starts a handle over the
 * limit holding x[0], and x[0], x[1] of one class.
 */
static struct scenario_journal sj;
static struct mutex x[2];
static bool release;

static inline void scenario_jbd2_init_x(struct mutex *m)
{
	mutex_init(m);	/* one call site: one class for both */
}

static inline void scenario_jbd2_waiter(void)
{
	scenario_journal_start_under(&sj, &x[0]);
}

/*
 * Open the journal, start threads[0] (the holder), then each other thread
 * once the ones before it sleep for reserved credits; release the holder
 * and wait for all.  Returns whether every waiter slept, or an error.
 */
static inline int scenario_jbd2_play(struct scenario_thread *threads, int nr)
{
	bool ok = true;
	int i, err;

	err = scenario_journal_open(&sj);
	if (err)
		return err;
	scenario_jbd2_init_x(&x[0]);
	scenario_jbd2_init_x(&x[1]);
	scenario_start(&threads[0]);
	msleep(100);
	for (i = 1; i < nr; i++) {
		scenario_start(&threads[i]);
		ok = ok && scenario_journal_rsv_sleepers(&sj, i);
	}
	WRITE_ONCE(release, true);
	scenario_finish(threads, nr);
	scenario_journal_close(&sj);
	return ok;
}

#endif /* SCENARIO_JBD2_H */
