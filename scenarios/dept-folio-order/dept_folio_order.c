// SPDX-License-Identifier: GPL-2.0
/*
 * Runs of a file's folios locked by ascending index, as ext4's writeback
 * locks them (mpage_prepare_extent_to_map()), then two folios of the same
 * file locked the other way round:
 *
 *   in order                   against the order
 *   folio_lock(f0)
 *                              folio_lock(f1)
 *   folio_lock(f1)   <- waits
 *                              folio_lock(f0)   <- deadlock
 */
#include <linux/err.h>
#include <linux/pagemap.h>
#include <linux/shmem_fs.h>
#include "scenario_threads.h"

#define NR_FOLIOS 8

static struct file *file;
static struct folio *folios[NR_FOLIOS];

static void lock_run(void)
{
	int i;

	for (i = 0; i < NR_FOLIOS; i++)
		folio_lock(folios[i]);
	for (i = 0; i < NR_FOLIOS; i++)
		folio_unlock(folios[i]);
}

static void lock_reversed(void)
{
	folio_lock(folios[1]);
	folio_lock(folios[0]);
	folio_unlock(folios[0]);
	folio_unlock(folios[1]);
}

static struct scenario_thread runs[] = {
	{ .fn = lock_run }, { .fn = lock_run },
};

static struct scenario_thread reversed = { .fn = lock_reversed };

static void put_folios(void)
{
	int i;

	for (i = 0; i < NR_FOLIOS && !IS_ERR_OR_NULL(folios[i]); i++)
		folio_put(folios[i]);
	fput(file);
}

static int __init folio_order_init(void)
{
	int i;

	file = shmem_file_setup("dept-folio-order", NR_FOLIOS * PAGE_SIZE, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	for (i = 0; i < NR_FOLIOS; i++) {
		folios[i] = shmem_read_folio(file->f_mapping, i);
		if (IS_ERR(folios[i])) {
			int err = PTR_ERR(folios[i]);

			put_folios();
			return err;
		}
	}

	scenario_start(&runs[0]);
	scenario_start(&runs[1]);
	scenario_finish(runs, ARRAY_SIZE(runs));
	pr_info("dept-folio-order: runs in order done\n");

	scenario_start(&reversed);
	scenario_finish(&reversed, 1);
	put_folios();
	return 0;
}
SCENARIO_MODULE(folio_order_init, "DEPT scenario: folio locks of one file in index order, then against it");
