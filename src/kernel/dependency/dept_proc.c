// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/dept_deps: every class DEPT knows and the dependencies out of it.
 * /proc/dept_stats: the objects of each pool and the wait generation.
 *
 * Both are read-only and print a consistent snapshot of the graph, taken
 * under the graph lock with IRQs off; the lock gives up while a report
 * prints, in which case the file says so instead of waiting.
 */

#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/init.h>
#include "dept_internal.h"

static int dept_deps_show(struct seq_file *m, void *v)
{
	struct dept_class *c;
	struct dept_dep *d;
	unsigned long flags;

	if (!dept_graph_lock(&flags)) {
		seq_puts(m, "(a report is printing: try again)\n");
		return 0;
	}
	list_for_each_entry(c, &dept_classes, all_node) {
		seq_printf(m, "[%px] " DEPT_CLASS_FMT "\n", (void *)c->key,
			   dept_class_name(c), c->name_suffix, c->sub_id);
		list_for_each_entry(d, &c->dep_head, dep_node)
			seq_printf(m, " -> [%px] " DEPT_CLASS_FMT "\n",
				   (void *)d->tc->key, dept_class_name(d->tc),
				   d->tc->name_suffix, d->tc->sub_id);
	}
	dept_graph_unlock(flags);
	return 0;
}

static int dept_stats_show(struct seq_file *m, void *v)
{
	int i;

	seq_printf(m, "%-8s %8s %8s %8s %8s %8s %8s %8s %10s\n", "pool",
		   "objsize", "total", "grown", "used", "free", "refills",
		   "dropped", "KB");
	for (i = 0; i < OBJECT_NR; i++) {
		struct dept_pool *p = &dept_pool[i];
		int total = READ_ONCE(p->total_nr);
		int used = atomic_read(&p->used);

		/*
		 * A reservation that failed at boot stopped DEPT: the pool
		 * then holds less than chunk_nr and has not grown.
		 */
		seq_printf(m, "%-8s %8zu %8d %8d %8d %8d %8d %8d %10zu\n",
			   p->name, p->obj_sz, total,
			   max(total - p->chunk_nr, 0), used, total - used,
			   READ_ONCE(p->refills), atomic_read(&p->dropped),
			   p->obj_sz * total / 1024);
	}
	seq_printf(m, "wgen %u\n", dept_wgen_now());
	seq_printf(m, "reports %u\n", dept_reports());
	seq_printf(m, "stopped %d\n", dept_is_stopped());
	return 0;
}

static int __init dept_proc_init(void)
{
	proc_create_single("dept_deps", 0444, NULL, dept_deps_show);
	proc_create_single("dept_stats", 0444, NULL, dept_stats_show);
	return 0;
}
__initcall(dept_proc_init);
