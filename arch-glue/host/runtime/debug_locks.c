// SPDX-License-Identifier: GPL-2.0
/* Set by the tests that play lockdep's selftests (tests/t_selftests.c). */
#include <linux/debug_locks.h>

int debug_locks_silent;
