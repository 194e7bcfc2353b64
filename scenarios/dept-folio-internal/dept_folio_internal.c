// SPDX-License-Identifier: GPL-2.0
/*
 * The locks of ext4's block allocation, with a cache of this module's
 * own in place of ext4's buddy cache:
 *
 *   writer                     allocator              hoarder
 *   folio_lock(file folio)
 *   down_write(data_sem)
 *                              down_write(data_sem)
 *                              folio_lock(cache folio)
 *                                                     folio_lock(cache folio)
 *                                                     down_write(data_sem)
 *
 * The first two never deadlock: nothing holding a cache folio waits for
 * a file folio.  The hoarder and the allocator can.  The threads run one
 * after another, so the pattern runs to its end.
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/pagemap.h>
#include <linux/pseudo_fs.h>
#include <linux/rwsem.h>
#include <linux/shmem_fs.h>
#include "scenario_threads.h"

#define INTERNAL_FS_MAGIC 0x64657074	/* "dept" */

static DECLARE_RWSEM(data_sem);
static struct file *file;
static struct folio *file_folio;
static struct vfsmount *mnt;
static struct inode *cache;		/* as ext4's s_buddy_cache */
static struct folio *cache_folio;

static void writer(void)
{
	folio_lock(file_folio);
	down_write(&data_sem);
	up_write(&data_sem);
	folio_unlock(file_folio);
}

static void allocator(void)
{
	down_write(&data_sem);
	folio_lock(cache_folio);
	folio_unlock(cache_folio);
	up_write(&data_sem);
}

static void hoarder(void)
{
	folio_lock(cache_folio);
	down_write(&data_sem);
	up_write(&data_sem);
	folio_unlock(cache_folio);
}

static struct scenario_thread threads[] = {
	{ .fn = writer }, { .fn = allocator }, { .fn = hoarder },
};

static int internal_init_fs_context(struct fs_context *fc)
{
	return init_pseudo(fc, INTERNAL_FS_MAGIC) ? 0 : -ENOMEM;
}

static struct file_system_type internal_fs = {
	.owner = THIS_MODULE,
	.name = "dept-folio-internal",
	.init_fs_context = internal_init_fs_context,
	.kill_sb = kill_anon_super,
};

/* A folio filled by hand, as ext4_mb_init_cache() fills the buddy cache */
static int make_cache(void)
{
	mnt = kern_mount(&internal_fs);
	if (IS_ERR(mnt))
		return PTR_ERR(mnt);
	cache = new_inode(mnt->mnt_sb);
	if (!cache)
		return -ENOMEM;
	cache_folio = filemap_grab_folio(cache->i_mapping, 0);
	if (IS_ERR(cache_folio))
		return PTR_ERR(cache_folio);
	folio_zero_range(cache_folio, 0, folio_size(cache_folio));
	folio_mark_uptodate(cache_folio);
	folio_unlock(cache_folio);
	return 0;
}

static int make_file(void)
{
	file = shmem_file_setup("dept-folio-internal", PAGE_SIZE, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	file_folio = shmem_read_folio(file->f_mapping, 0);
	return PTR_ERR_OR_ZERO(file_folio);
}

static void put_all(void)
{
	if (!IS_ERR_OR_NULL(file_folio))
		folio_put(file_folio);
	if (!IS_ERR_OR_NULL(file))
		fput(file);
	if (!IS_ERR_OR_NULL(cache_folio))
		folio_put(cache_folio);
	if (cache)
		iput(cache);
	if (!IS_ERR_OR_NULL(mnt))
		kern_unmount(mnt);
}

static int __init folio_internal_init(void)
{
	int err = make_cache() ?: make_file();

	if (err) {
		put_all();
		return err;
	}

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, 2);
	pr_info("dept-folio-internal: writer and allocator done\n");

	scenario_start(&threads[2]);
	scenario_finish(&threads[2], 1);
	put_all();
	return 0;
}
SCENARIO_MODULE(folio_internal_init, "DEPT scenario: folios of a hand-filled cache under a lock file folios wait for");
