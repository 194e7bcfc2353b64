/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HASH(id, bits)
 *
 * id  : the table indexes struct dept_##id objects.
 * bits: the table has 1 << bits buckets.
 */

HASH(dep, 12)
HASH(class, 12)
