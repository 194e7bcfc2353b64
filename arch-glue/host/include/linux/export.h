/* SPDX-License-Identifier: GPL-2.0 */
/* No modules on the host: an export is only a redeclaration. */
#ifndef _HOST_LINUX_EXPORT_H
#define _HOST_LINUX_EXPORT_H

#define EXPORT_SYMBOL(sym)	extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym)	extern __typeof__(sym) sym

#endif
