/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lockdep's class key, reduced to what DEPT uses: the dept_key that
 * lockdep's keys embed (seed patch 005), so lockdep keys are DEPT keys.
 */
#ifndef _HOST_LINUX_LOCKDEP_TYPES_H
#define _HOST_LINUX_LOCKDEP_TYPES_H

#include <linux/dept.h>

struct lock_class_key {
	struct dept_key		dkey;
};

/* the key of locks no dependency checker may follow */
extern struct lock_class_key __lockdep_no_validate__;

#endif
