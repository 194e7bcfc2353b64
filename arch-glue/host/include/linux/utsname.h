/* SPDX-License-Identifier: GPL-2.0 */
/* The "kernel" release the host program reports: the host's own. */
#ifndef _HOST_LINUX_UTSNAME_H
#define _HOST_LINUX_UTSNAME_H

#define __NEW_UTS_LEN		64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];
	char nodename[__NEW_UTS_LEN + 1];
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];
	char domainname[__NEW_UTS_LEN + 1];
};

struct new_utsname *init_utsname(void);

#endif
