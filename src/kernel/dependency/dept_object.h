/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBJECT(id, nr)
 *
 * id: the object is a struct dept_##id.
 * nr: how many of them the boot pool holds, and each refill chunk.
 *
 * About 1.8 MB in all with the object sizes of x86_64, an eighth of v16's
 * static pools: what a booted kernel uses, plus room for a burst before
 * the first refill can run.  The pools grow on demand from there
 * (refill_pool()); dept_pool_objs= reserves more at boot.
 */

OBJECT(dep, 1024 * 2)
#ifdef CONFIG_DEBUG_LOCKING_API_SELFTESTS
/*
 * lockdep's boot-time selftests make some 2 800 classes before any refill
 * can run (there is no workqueue yet), and those they forget come back
 * only after a grace period, which early boot does not run either.
 */
OBJECT(class, 1024 * 4)
#else
OBJECT(class, 1024)
#endif
OBJECT(stack, 1024 * 4)
OBJECT(ecxt, 1024)
OBJECT(wait, 1024 * 4)
