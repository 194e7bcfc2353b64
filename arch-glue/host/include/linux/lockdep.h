/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdep itself is not part of the host program: there is nothing for
 * lockdep_off()/lockdep_on() to switch.  DEPT's lock annotations (the
 * LDT wrappers that the kernel puts in lockdep's macros) are used
 * directly by the host tests.
 */
#ifndef _HOST_LINUX_LOCKDEP_H
#define _HOST_LINUX_LOCKDEP_H

#include <linux/lockdep_types.h>
#include <linux/dept_ldt.h>

#define lockdep_off()	do { } while (0)
#define lockdep_on()	do { } while (0)

#endif
