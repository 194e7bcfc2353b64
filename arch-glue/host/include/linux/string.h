/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_STRING_H
#define _HOST_LINUX_STRING_H

#include <errno.h>
#include <string.h>
#include <sys/types.h>

/* Copy a C string into @dst; -E2BIG when it had to be truncated. */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t len = strnlen(src, size);

	if (!size)
		return -E2BIG;
	if (len == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}

#endif
