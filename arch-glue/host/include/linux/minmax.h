/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_MINMAX_H
#define _HOST_LINUX_MINMAX_H

#define min(x, y)	({ __auto_type __x = (x); __auto_type __y = (y); __x < __y ? __x : __y; })
#define max(x, y)	({ __auto_type __x = (x); __auto_type __y = (y); __x > __y ? __x : __y; })
#define min_t(t, x, y)	min((t)(x), (t)(y))
#define max_t(t, x, y)	max((t)(x), (t)(y))
#define clamp(v, lo, hi) min(max(v, lo), hi)

#endif
