/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system workqueue: one worker task runs the queued work items in
 * order, each in a context of its own (seed patch 007).
 */
#ifndef _HOST_LINUX_WORKQUEUE_H
#define _HOST_LINUX_WORKQUEUE_H

#include <linux/types.h>

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	struct work_struct	*next;
	bool			pending;
	bool			running;
	work_func_t		func;
};

#define __WORK_INITIALIZER(n, f)	{ .func = (f) }
#define DECLARE_WORK(n, f)		struct work_struct n = __WORK_INITIALIZER(n, f)
#define INIT_WORK(w, f)			(*(w) = (struct work_struct)__WORK_INITIALIZER(*(w), f))

/* false when the work was already pending */
bool schedule_work(struct work_struct *work);
/* wait until the work is neither pending nor running; true if it was */
bool flush_work(struct work_struct *work);

#endif
