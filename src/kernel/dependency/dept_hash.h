/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HASH(id, bits)
 *
 * id  : the table is table_##id, its bucket for a key head_##id(key).
 * bits: the table has 1 << bits buckets.
 */

HASH(dep, 12)		/* struct dept_dep, by dep_key() */
HASH(class, 12)		/* struct dept_class, by its key */
HASH(name, 10)		/* struct dept_class, by name_key() of its name */
/*
 * struct dept_stack kept by a site, by site_key(): twice the buckets, as
 * a class is taken at a few sites (the runqueue lock at dozens)
 */
HASH(site, 13)
