// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers of one folio locked together, always in ascending order, as
 * writeback locks them, by two tasks one after the other:
 *
 *   first                          second
 *   lock_buffer(bh[0])
 *   lock_buffer(bh[1])
 *   unlock_buffer(bh[1])
 *   unlock_buffer(bh[0])
 *                                  the same
 *
 * The folio belongs to a mapping of no block device, a stand-in for a
 * file's, so its buffers are instances of one class ordered by offset.
 */
#include <linux/buffer_head.h>
#include <linux/pagemap.h>
#include "scenario_threads.h"

#define NR_BUFFERS	2

static struct address_space mapping;
static struct folio *folio;
static struct buffer_head *bhs[NR_BUFFERS];

static void lock_in_order(void)
{
	int i;

	for (i = 0; i < NR_BUFFERS; i++)
		lock_buffer(bhs[i]);
	for (i = NR_BUFFERS - 1; i >= 0; i--)
		unlock_buffer(bhs[i]);
}

static struct scenario_thread threads[] = {
	{ .fn = lock_in_order }, { .fn = lock_in_order },
};

static int __init buffer_lock_ok_init(void)
{
	struct buffer_head *bh;
	int i = 0;

	folio = folio_alloc(GFP_KERNEL, 0);
	if (!folio)
		return -ENOMEM;
	bh = folio_alloc_buffers(folio, PAGE_SIZE / NR_BUFFERS, GFP_KERNEL);
	if (!bh) {
		folio_put(folio);
		return -ENOMEM;
	}
	/* the list runs from offset 0 up */
	for (; bh; bh = bh->b_this_page)
		bhs[i++] = bh;
	folio->mapping = &mapping;

	scenario_start(&threads[0]);
	scenario_wait_done(&threads[0]);
	scenario_start(&threads[1]);
	scenario_finish(threads, ARRAY_SIZE(threads));

	folio->mapping = NULL;
	for (i = 0; i < NR_BUFFERS; i++)
		free_buffer_head(bhs[i]);
	folio_put(folio);
	return 0;
}
SCENARIO_MODULE(buffer_lock_ok_init, "DEPT scenario: buffers of one folio locked in ascending order");
