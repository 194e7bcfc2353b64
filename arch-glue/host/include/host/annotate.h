/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How the host shim tells DRD (valgrind's race detector) what the
 * kernel's memory model already says.
 *
 * Marked accesses (READ_ONCE, WRITE_ONCE, atomics, data_race) are the
 * kernel's way of declaring an access intentionally concurrent; KCSAN
 * never reports two marked accesses racing.  DRD knows nothing of the
 * sort, so each marked access runs with DRD's recording of loads and
 * stores turned off for the current thread.  Plain accesses are still
 * recorded: a plain access racing with anything is still reported.
 *
 * Orderings (release/acquire, fully ordered atomics) other than RCU's
 * publication of a pointer (linux/rcupdate.h) are deliberately not told
 * to DRD: it then sees fewer happens-before edges than the
 * hardware guarantees, which can only add reports, never hide one.
 * The engine orders its plain data with locks (dept_spin, the pool
 * lock, IRQs off on a virtual CPU), which DRD does see.  Telling DRD of
 * every atomic also made it a hundred times slower.
 *
 * Outside valgrind these are a few no-op instructions.
 */
#ifndef _HOST_ANNOTATE_H
#define _HOST_ANNOTATE_H

#include <valgrind/drd.h>

/*
 * HOST_UNANNOTATED (make bench's objects): none of DRD's requests, so
 * that callgrind counts what the kernel runs, while callgrind's own
 * requests, which NVALGRIND would remove too, still mark the figures.
 */
#ifdef HOST_UNANNOTATED
#undef ANNOTATE_HAPPENS_BEFORE
#undef ANNOTATE_HAPPENS_AFTER
#define ANNOTATE_HAPPENS_BEFORE(obj)	do { (void)(obj); } while (0)
#define ANNOTATE_HAPPENS_AFTER(obj)	do { (void)(obj); } while (0)
#define host_marked_begin()		do { } while (0)
#define host_marked_end()		do { } while (0)
#else
#define host_marked_begin()	ANNOTATE_IGNORE_READS_AND_WRITES_BEGIN()
#define host_marked_end()	ANNOTATE_IGNORE_READS_AND_WRITES_END()
#endif

#endif
