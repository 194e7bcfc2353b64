/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DEPT's internal objects.  Only the engine and its debugging tools
 * (proc files, gdb scripts) look inside them.
 *
 * Every object comes from a pool (see dept_object.h) and is reference
 * counted; the last put returns it to the pool, never to the page
 * allocator, so a stale pointer read under RCU still points to an
 * object of the same type.
 */

#ifndef __DEPT_INTERNAL_H
#define __DEPT_INTERNAL_H

#include <linux/dept.h>
#include <linux/list.h>
#include <linux/llist.h>
#include <linux/rcupdate.h>

/* Link of a free object in its pool; first member of every object. */
struct dept_pool_node {
	struct dept_pool_node		*next;
};

/*
 * For IRQ dependencies: the first event context of a class seen with
 * an IRQ kind enabled, and the first wait of a class seen inside that
 * IRQ kind.  Stale once used for an IRQ dependency.
 */
struct dept_iecxt {
	struct dept_ecxt		*ecxt;
	int				enirq;
	bool				staled;
};

struct dept_iwait {
	struct dept_wait		*wait;
	int				irq;
	bool				staled;
};

/*
 * A node of the dependency graph.  Created under dept_lock, looked up
 * locklessly (RCU, IRQs off) through the class hash, unhashed only by
 * dept_free_range().
 */
struct dept_class {
	struct dept_pool_node		pool_node;
	atomic_t			ref;

	const char			*name;

	/*
	 * N > 0 when a live class with another key had the name first, as
	 * lockdep's name_version, and name_suffix is "#N" (else 0 and ""):
	 * with it the reports and /proc/dept_deps tell apart classes of the
	 * same name (two mutex_init() call sites of one lock name).  Set at
	 * creation under the graph lock; the subclasses of one key share it.
	 */
	unsigned short			name_version;
	char				name_suffix[8];
	struct hlist_node		name_node;	/* table_name */

	/* the key byte naming this class: key base + sub_id */
	unsigned long			key;
	int				sub_id;

	/* named "<sched>": keyed by a call site, not by a map */
	bool				sched_map;

	/* the order of its maps, from lockdep_set_lock_cmp_fn(); or NULL */
	dept_cmp_fn_t			cmp_fn;

	/* unhashed by dept_free_range(); no new dependency may use it */
	bool				dead;

	/* BFS bookkeeping, valid while dept_lock is held */
	unsigned int			bfs_gen;
	struct dept_dep			*bfs_dep;
	struct list_head		bfs_node;

	struct hlist_node		hash_node;
	struct list_head		all_node;

	/* dependencies out of (dept_dep.dep_node) and into this class */
	struct list_head		dep_head;
	struct list_head		dep_rev_head;

	struct dept_iecxt		iecxt[DEPT_CXT_IRQS_NR];
	struct dept_iwait		iwait[DEPT_CXT_IRQS_NR];

	/*
	 * The stacks this class's sites keep (dept_stack.site_next), each
	 * also hashed in table_site; see site_stack().  Added under the
	 * graph lock while the class is alive, unhashed by dept_free_range()
	 * and dropped with the class.
	 */
	struct dept_stack		*site_stacks;

	struct rcu_head			rh;
};

struct dept_stack {
	struct dept_pool_node		pool_node;
	atomic_t			ref;

	/*
	 * A stack a call site keeps (see site_stack()): the class, call
	 * site and what was recorded there (enum dept_stack_kind) it
	 * stands for, its entry in table_site and in the class's list.
	 * Unused in any other stack.
	 */
	struct dept_class		*site_class;
	unsigned long			site_ip;
	int				site_kind;
	struct hlist_node		site_node;
	struct dept_stack		*site_next;

	unsigned long			raw[DEPT_MAX_STACK_ENTRY];
	int				nr;
};

/* An event context: from [S], where the event became possible, to [E]. */
struct dept_ecxt {
	struct dept_pool_node		pool_node;
	atomic_t			ref;

	struct dept_class		*class;

	/* NULL when the start is not known, as for a plain event */
	const char			*ecxt_fn;
	const char			*event_fn;

	/* IRQ kinds enabled within the context, and where */
	unsigned long			enirqf;
	unsigned long			enirq_ip[DEPT_CXT_IRQS_NR];
	struct dept_stack		*enirq_stack[DEPT_CXT_IRQS_NR];

	unsigned long			ecxt_ip;
	struct dept_stack		*ecxt_stack;

	unsigned long			event_ip;
	struct dept_stack		*event_stack;
};

/* One observed wait. */
struct dept_wait {
	struct dept_pool_node		pool_node;
	atomic_t			ref;

	struct dept_class		*class;
	const char			*wait_fn;

	/* IRQ kinds the wait happened in, and where */
	unsigned long			irqf;
	unsigned long			irq_ip[DEPT_CXT_IRQS_NR];
	struct dept_stack		*irq_stack[DEPT_CXT_IRQS_NR];

	unsigned long			wait_ip;
	struct dept_stack		*wait_stack;

	/* the instance waited for, if its class orders its instances */
	struct dept_instance		inst;

	/* a staged wait committed by __schedule() */
	bool				sched_sleep;

	/* the wait has a timeout: it cannot block forever by itself */
	bool				timeout;
};

/*
 * The edge @fc -> @tc: the event of @fc cannot happen until the wait on
 * @tc is satisfied.  @ecxt and @wait are the first occurrence seen and
 * are what a report shows.
 */
struct dept_dep {
	struct dept_pool_node		pool_node;
	atomic_t			ref;

	struct dept_class		*fc;
	struct dept_class		*tc;
	struct dept_ecxt		*ecxt;
	struct dept_wait		*wait;

	struct rcu_head			rh;
	union {
		/* in the dependency hash, once in the graph */
		struct hlist_node	hash_node;
		/* before: in dept_deferred_deps, waiting for dept_spin */
		struct llist_node	deferred_node;
	};

	/* in fc->dep_head and tc->dep_rev_head */
	struct list_head		dep_node;
	struct list_head		dep_rev_node;
};

/*
 * A pool of objects of one type.  Objects are handed out from a boot
 * array, then from refill chunks; once freed, from per-CPU free lists
 * that are only touched with IRQs off on their CPU.
 */
struct dept_pool {
	const char			*name;
	size_t				obj_sz;

	/* the boot array, its usable size, and how much is handed out */
	void				*spool;
	int				obj_nr;
	atomic_t			spool_used;

	/*
	 * Objects reserved at boot (the boot array and, with dept_pool_objs=,
	 * the rest allocated by dept_reserve_pools()), and per refill chunk;
	 * set at boot, fixed afterwards.  What the pool holds beyond it has
	 * grown on demand.
	 */
	int				chunk_nr;

	/*
	 * Under dept_pool_spin: refilled objects not handed out yet, the
	 * chunks allocated, and the objects the pool ever held (boot
	 * array and chunks).
	 */
	struct dept_pool_node		*refilled;
	int				refilled_nr;
	int				refills;
	int				total_nr;
	bool				refill_asked;

	/* objects handed out now, and allocations that found none */
	atomic_t			used;
	atomic_t			dropped;
};

enum dept_object {
#define OBJECT(id, nr) OBJECT_##id,
	#include "dept_object.h"
#undef  OBJECT
	OBJECT_NR,
};

extern struct dept_pool dept_pool[OBJECT_NR];

/* every class, in creation order; walk it under the graph lock */
extern struct list_head dept_classes;

/*
 * The graph lock for readers outside the engine: false, and nothing
 * taken, while a report prints.
 */
extern bool dept_graph_lock(unsigned long *flags);
extern void dept_graph_unlock(unsigned long flags);

extern const char *dept_class_name(struct dept_class *c);
/*
 * A class as reports and /proc/dept_deps write it, name#version:subclass,
 * of dept_class_name(), name_suffix and sub_id.
 */
#define DEPT_CLASS_FMT		"%s%s:%d"
extern unsigned int dept_wgen_now(void);
extern int dept_is_stopped(void);
extern unsigned int dept_reports(void);

#endif /* __DEPT_INTERNAL_H */
