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
 * Ordering: a release (smp_store_release, rcu_assign_pointer, a
 * value-returning atomic) publishes everything the thread did before;
 * the matching acquire receives it.  DRD's happens-before annotations
 * keyed by the address of the atomic variable express exactly that.
 * Outside valgrind these are a few no-op instructions.
 */
#ifndef _HOST_ANNOTATE_H
#define _HOST_ANNOTATE_H

#include <valgrind/drd.h>

#define host_marked_begin()	ANNOTATE_IGNORE_READS_AND_WRITES_BEGIN()
#define host_marked_end()	ANNOTATE_IGNORE_READS_AND_WRITES_END()
#define host_release(addr)	ANNOTATE_HAPPENS_BEFORE(addr)
#define host_acquire(addr)	ANNOTATE_HAPPENS_AFTER(addr)

#endif
