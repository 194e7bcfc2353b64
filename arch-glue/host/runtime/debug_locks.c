// SPDX-License-Identifier: GPL-2.0
/*
 * Set by the host cases that play lockdep's selftests
 * (scenarios/host/t_selftests.c).
 */
#include <linux/debug_locks.h>

int debug_locks_silent;
