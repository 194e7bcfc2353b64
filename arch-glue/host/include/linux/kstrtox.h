/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _HOST_LINUX_KSTRTOX_H
#define _HOST_LINUX_KSTRTOX_H

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

/* The whole string (a newline may end it) is an int in @base. */
static inline int kstrtoint(const char *s, unsigned int base, int *res)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, base);
	if (end == s || (*end && strcmp(end, "\n")))
		return -EINVAL;
	if (errno || v < INT_MIN || v > INT_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

/* "y", "Y", "1", "on" are true; "n", "N", "0", "off" false. */
static inline int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;

	switch (s[0]) {
	case 'y': case 'Y': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = true;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

#endif
