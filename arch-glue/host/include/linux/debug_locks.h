/* SPDX-License-Identifier: GPL-2.0 */
/* lib/debug_locks.c's switch that lockdep's selftests set around their cases. */
#ifndef _HOST_LINUX_DEBUG_LOCKS_H
#define _HOST_LINUX_DEBUG_LOCKS_H

extern int debug_locks_silent;

#endif
