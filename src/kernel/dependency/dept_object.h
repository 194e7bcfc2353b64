/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBJECT(id, nr)
 *
 * id: the object is a struct dept_##id.
 * nr: how many of them the boot pool holds.
 */

OBJECT(dep, 1024 * 8)
OBJECT(class, 1024 * 8)
OBJECT(stack, 1024 * 32)
OBJECT(ecxt, 1024 * 16)
OBJECT(wait, 1024 * 32)
