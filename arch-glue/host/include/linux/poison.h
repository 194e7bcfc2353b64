/* SPDX-License-Identifier: GPL-2.0 */
/* Non-NULL pointers that fault when a deleted list entry is followed. */
#ifndef _HOST_LINUX_POISON_H
#define _HOST_LINUX_POISON_H

#define LIST_POISON1	((void *)0x100)
#define LIST_POISON2	((void *)0x122)

#endif
