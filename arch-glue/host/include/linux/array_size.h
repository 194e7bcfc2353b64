/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_ARRAY_SIZE_H
#define _HOST_LINUX_ARRAY_SIZE_H

#define ARRAY_SIZE(arr)	(sizeof(arr) / sizeof((arr)[0]))

#endif
