/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DEPT (DEPendency Tracker) - runtime detector of wait/event deadlocks
 *
 * DEPT follows *waits* and the *events* that end them, rather than the
 * order of lock acquisitions only.  A dependency "event E cannot happen
 * until wait W is satisfied" is recorded whenever W is observed inside
 * the event context of E; a cycle of such dependencies is a deadlock.
 * See Documentation/dev-tools/dept.rst for the model.
 *
 * This header holds what the rest of the kernel sees: the per-object
 * map, the class key, the per-task state embedded in task_struct and
 * the raw API.  The engine's own objects (classes, waits, event
 * contexts, dependencies) live in kernel/dependency/dept_internal.h.
 */

#ifndef __LINUX_DEPT_H
#define __LINUX_DEPT_H

#ifdef CONFIG_DEPT

#include <linux/types.h>
#include <linux/compiler.h>

struct task_struct;
struct dept_class;
struct dept_ecxt;
struct dept_wait;

#define DEPT_MAX_STACK_ENTRY		16
#define DEPT_MAX_WAIT_HIST		64
#define DEPT_MAX_ECXT_HELD		48

/*
 * A class is named by one byte address of a key: the user subclass
 * (sub_u, as lockdep's subclass) plus DEPT_MAX_SUBCLASSES_USR times the
 * index of the event bit, so that e.g. the write and the read event of
 * one rwlock are different classes.
 */
#define DEPT_MAX_SUBCLASSES		16
#define DEPT_MAX_SUBCLASSES_EVT		2
#define DEPT_MAX_SUBCLASSES_USR		(DEPT_MAX_SUBCLASSES / DEPT_MAX_SUBCLASSES_EVT)
#define DEPT_MAX_SUBCLASSES_CACHE	2

/*
 * Kinds of kernel context.  A wait and an event relate only within one
 * context of one kind; see dept_task::cxt_id.
 */
enum {
	DEPT_CXT_SIRQ = 0,
	DEPT_CXT_HIRQ,
	DEPT_CXT_IRQS_NR,
	DEPT_CXT_PROCESS = DEPT_CXT_IRQS_NR,
	DEPT_CXTS_NR
};

#define DEPT_SIRQF			(1UL << DEPT_CXT_SIRQ)
#define DEPT_HIRQF			(1UL << DEPT_CXT_HIRQ)

/*
 * The key of a family of classes.  Its bytes are never read: only their
 * addresses matter, one class per byte.  A map without an external key
 * uses its own embedded key, whose storage then doubles as a cache of
 * the map's classes (one per event bit).
 */
struct dept_key {
	union {
		char			base[DEPT_MAX_SUBCLASSES];
		struct dept_class	*classes[DEPT_MAX_SUBCLASSES_CACHE];
	};
};

/*
 * One per synchronisation object (embedded in lockdep_map, completion,
 * ...).  @wgen is the wait generation at which the object's event became
 * awaited, 0 when nobody awaits it.
 */
struct dept_map {
	const char			*name;
	struct dept_key			*keys;

	/* subclass given by the user, below DEPT_MAX_SUBCLASSES_USR */
	int				sub_u;

	/* the map's own key and the cache of its classes */
	struct dept_key			map_key;

	unsigned int			wgen;

	/* set for maps DEPT must ignore, e.g. lockdep's no-validate key */
	bool				nocheck;
};

#define DEPT_MAP_INITIALIZER(n, k)					\
{									\
	.name = #n,							\
	.keys = (struct dept_key *)(k),					\
	.sub_u = 0,							\
	.map_key = { .classes = { NULL, } },				\
	.wgen = 0U,							\
	.nocheck = false,						\
}

/*
 * The wgen of an object too numerous to embed a whole dept_map in,
 * such as PG_locked of struct page: the class comes from a shared map.
 */
struct dept_ext_wgen {
	unsigned int			wgen;
};

/*
 * An event site: one place in the code that triggers the event some
 * waiter waits for.  When the event at one site cannot happen, another
 * site may still wake the waiter: dept_recover_event(es, rs) declares
 * that @rs recovers @es.  A cycle through the event at a recoverable
 * site is not a deadlock, so event_site() does not track that event.
 * Recover dependencies themselves must not form a cycle: the sites of
 * such a cycle would each wait for another to recover them.
 *
 * A site counts as used once the code names it in event_site(); the
 * mark is a pointer in the section .dept.event_sites of the kernel or
 * of a module, read when it is loaded.  Recovering with a site that is
 * declared but never used is a mistake DEPT warns about.
 */
struct dept_event_site {
	const char			*name;

	/* the function that uses the site, known once @used */
	const char			*func_name;

	/* recover dependencies out of and into this site; under the graph lock */
	struct list_head		dep_head;
	struct list_head		dep_rev_head;

	/* BFS bookkeeping, valid while the graph lock is held */
	unsigned int			bfs_gen;
	struct dept_event_site		*bfs_parent;
	struct list_head		bfs_node;

	bool				used;
};

/* @recover_site recovers @evt_site; one per dept_recover_event() call site */
struct dept_event_site_dep {
	struct dept_event_site		*evt_site;
	struct dept_event_site		*recover_site;

	/* in evt_site->dep_head, recover_site->dep_rev_head, dept's list of all */
	struct list_head		dep_node;
	struct list_head		dep_rev_node;
	struct list_head		all_node;
};

#define DEPT_EVENT_SITE_INITIALIZER(es)					\
{									\
	.name = #es,							\
	.func_name = NULL,						\
	.dep_head = { &(es).dep_head, &(es).dep_head },			\
	.dep_rev_head = { &(es).dep_rev_head, &(es).dep_rev_head },		\
	.bfs_gen = 0U,							\
	.bfs_parent = NULL,						\
	.bfs_node = { &(es).bfs_node, &(es).bfs_node },			\
	.used = false,							\
}

#define DEPT_EVENT_SITE_DEP_INITIALIZER(esd)				\
{									\
	.evt_site = NULL,						\
	.recover_site = NULL,						\
	.dep_node = { &(esd).dep_node, &(esd).dep_node },			\
	.dep_rev_node = { &(esd).dep_rev_node, &(esd).dep_rev_node },		\
	.all_node = { &(esd).all_node, &(esd).all_node },			\
}

/* what .dept.event_sites points to: a site and the function using it */
struct dept_event_site_init {
	struct dept_event_site		*evt_site;
	const char			*func_name;
};

#define dept_event_site_used(es)					\
do {									\
	static struct dept_event_site_init __dept_esi __initdata =	\
		{ .evt_site = (es), .func_name = __func__ };		\
	static struct dept_event_site_init *__dept_esip __used		\
		__section(".dept.event_sites") = &__dept_esi;		\
} while (0)

/*
 * Order between two maps of one class, as lockdep's lock_cmp_fn: a
 * negative value means @a may be held while waiting for @b.
 */
typedef int (*dept_cmp_fn_t)(const struct dept_map *a, const struct dept_map *b);

/*
 * Where an instance stands among instances of its class that are always
 * taken in one order, as the folios of one file are locked by ascending
 * index: @set names the ordered set (0 for none), @pos is the instance's
 * place in it.  Waiting for a later instance of a set while an earlier
 * one's event is awaited adds no dependency; waiting for an earlier one
 * does, as any wait on the class would.
 */
struct dept_instance {
	unsigned long			set;
	unsigned long			pos;
};

/* An event context entered and not yet exited by a task. */
struct dept_ecxt_held {
	/* NULL for a placeholder that is never checked (nest_lock) */
	struct dept_ecxt		*ecxt;

	/* identifies the entry at exit */
	struct dept_map			*map;
	struct dept_class		*class;

	/* wgen when the context was entered */
	unsigned int			wgen;

	/* subclass valid only within this task (*_lock_nested()) */
	int				sub_l;
};

/* One slot of a task's ring of recent waits. */
struct dept_wait_hist {
	struct dept_wait		*wait;
	unsigned int			wgen;

	/* context the wait happened in, see dept_task::cxt_id */
	unsigned int			ctxt_id;
};

/*
 * DEPT's per-task state, embedded in task_struct.  Only the task itself
 * touches it, with IRQs disabled, except the staging area, which
 * try_to_wake_up() of another task reads under @stage_lock.
 */
struct dept_task {
	struct dept_ecxt_held		ecxt_held[DEPT_MAX_ECXT_HELD];
	int				ecxt_held_pos;

	/* ring of the latest waits; @wait_hist_pos is the next slot */
	struct dept_wait_hist		wait_hist[DEPT_MAX_WAIT_HIST];
	int				wait_hist_pos;

	/*
	 * Id of the current context of each kind.  The low bits hold the
	 * kind, the rest advance on each outermost IRQ entry and, for the
	 * process context, on each entry from user space and each work.
	 */
	unsigned int			cxt_id[DEPT_CXTS_NR];

	/* wgen and ip of the latest IRQ enabling, per IRQ kind */
	unsigned int			wgen_enirq[DEPT_CXT_IRQS_NR];
	unsigned long			enirq_ip[DEPT_CXT_IRQS_NR];

	/* non-zero while the task runs inside the engine */
	int				recursive;

	/*
	 * A wait staged by sdt_might_sleep_start(), committed by
	 * __schedule() when the task really sleeps (stage_m.wgen then
	 * becomes non-zero) and consumed by the waker's try_to_wake_up().
	 */
	struct dept_map			stage_m;
	struct dept_map			*stage_real_m;
	bool				stage_sched_map;
	const char			*stage_w_fn;
	unsigned long			stage_ip;
	long				stage_timeout;
	atomic_t			stage_lock;

	/* ecxts not pushed because ecxt_held[] was full */
	int				missing_ecxt;

	/* the task is in do_exit() past dept_task_exit() */
	bool				task_exit;

	/* the task runs __schedule() */
	bool				in_sched;

	/* non-zero inside event_site() of a recoverable site */
	int				skip_event;
};

#define DEPT_TASK_INITIALIZER(t)				\
{								\
	.wait_hist = { { .wait = NULL, } },			\
	.ecxt_held_pos = 0,					\
	.wait_hist_pos = 0,					\
	.cxt_id = { 0U },					\
	.wgen_enirq = { 0U },					\
	.enirq_ip = { 0UL },					\
	.recursive = 0,						\
	.stage_m = DEPT_MAP_INITIALIZER((t)->stage_m, NULL),	\
	.stage_real_m = NULL,					\
	.stage_sched_map = false,				\
	.stage_w_fn = NULL,					\
	.stage_ip = 0UL,					\
	.stage_timeout = 0L,					\
	.stage_lock = ATOMIC_INIT(0),				\
	.missing_ecxt = 0,					\
	.task_exit = false,					\
	.in_sched = false,					\
	.skip_event = 0,					\
}

extern void dept_on(void);
extern void dept_off(void);
extern void dept_init(void);
extern void dept_stop_emerg(void);
extern void dept_task_init(struct task_struct *t);
extern void dept_task_exit(struct task_struct *t);
extern void dept_free_range(void *start, unsigned int sz);

extern void dept_map_init(struct dept_map *m, struct dept_key *k, int sub_u, const char *n);
extern void dept_map_reinit(struct dept_map *m, struct dept_key *k, int sub_u, const char *n);
extern void dept_ext_wgen_init(struct dept_ext_wgen *ewg);
extern void dept_map_copy(struct dept_map *to, struct dept_map *from);

/*
 * The hooks below run wherever the kernel waits, sleeps, takes a lock or
 * switches context.  Each tests dept_running inline and calls into the
 * engine (the __dept_*() of kernel/dependency/dept.c) only when DEPT
 * runs: with dept=off, a hook costs a load and a branch.
 */
extern bool dept_running;

static __always_inline bool dept_hooks_on(void)
{
	return READ_ONCE(dept_running);
}

#define DEPT_HOOK(name, params, args)					extern void __##name params;						static __always_inline void name params					{										if (dept_hooks_on())								__##name args;						}

#define DEPT_HOOK_BOOL(name, params, args)				extern bool __##name params;						static __always_inline bool name params					{										return dept_hooks_on() && __##name args;			}

/*
 * @timeout: -1 for a wait without timeout, else the timeout given to
 * the primitive.  A timed wait cannot deadlock by itself.
 */
DEPT_HOOK(dept_wait, (struct dept_map *m, unsigned long w_f, unsigned long ip, const char *w_fn, int sub_l, long timeout),
	  (m, w_f, ip, w_fn, sub_l, timeout))
DEPT_HOOK(dept_wait_instance, (struct dept_map *m, unsigned long w_f, unsigned long ip, const char *w_fn, long timeout, const struct dept_instance *inst),
	  (m, w_f, ip, w_fn, timeout, inst))
DEPT_HOOK(dept_wait_request_instance, (struct dept_map *m, unsigned long w_f, unsigned long ip, const char *w_fn, const struct dept_instance *inst, struct dept_ext_wgen *ewg),
	  (m, w_f, ip, w_fn, inst, ewg))

/*
 * The class of a staged wait is named by @m ("<sched>" without one)
 * and keyed by @k, or by @m's key when @k is NULL.
 */
DEPT_HOOK(dept_stage_wait, (struct dept_map *m, struct dept_key *k, unsigned long ip, const char *w_fn, long timeout),
	  (m, k, ip, w_fn, timeout))
DEPT_HOOK(dept_request_event_wait_commit, (void), ())
DEPT_HOOK(dept_clean_stage, (void), ())
DEPT_HOOK(dept_ttwu_stage_wait, (struct task_struct *t, unsigned long ip), (t, ip))
DEPT_HOOK(dept_ecxt_enter, (struct dept_map *m, unsigned long e_f, unsigned long ip, const char *c_fn, const char *e_fn, int sub_l),
	  (m, e_f, ip, c_fn, e_fn, sub_l))
DEPT_HOOK_BOOL(dept_ecxt_holding, (struct dept_map *m, unsigned long e_f), (m, e_f))
DEPT_HOOK(dept_request_event, (struct dept_map *m, struct dept_ext_wgen *ewg), (m, ewg))
DEPT_HOOK(dept_event, (struct dept_map *m, unsigned long e_f, unsigned long ip, const char *e_fn, struct dept_ext_wgen *ewg),
	  (m, e_f, ip, e_fn, ewg))
DEPT_HOOK(dept_event_instance, (struct dept_map *m, unsigned long e_f, unsigned long ip, const char *e_fn, struct dept_ext_wgen *ewg, const struct dept_instance *inst),
	  (m, e_f, ip, e_fn, ewg, inst))
DEPT_HOOK(dept_ecxt_exit, (struct dept_map *m, unsigned long e_f, unsigned long ip), (m, e_f, ip))
DEPT_HOOK(dept_sched_enter, (void), ())
DEPT_HOOK(dept_sched_exit, (void), ())
DEPT_HOOK(dept_update_cxt, (void), ())

static inline void dept_ecxt_enter_nokeep(struct dept_map *m)
{
	dept_ecxt_enter(m, 0UL, 0UL, NULL, NULL, 0);
}

/* for users who manage their own keys */
extern void dept_key_init(struct dept_key *k);
extern void dept_key_destroy(struct dept_key *k);
extern void dept_map_forget(struct dept_map *m);

/* whether DEPT is running: started (not dept=off) and not stopped */
extern bool dept_tracking(void);
/* cycles found so far, including those not reported (selftests) */
extern unsigned int dept_cycles_found(void);
DEPT_HOOK(dept_map_ecxt_modify, (struct dept_map *m, unsigned long e_f, struct dept_key *new_k, unsigned long new_e_f, unsigned long new_ip, const char *new_c_fn, const char *new_e_fn, int new_sub_l),
	  (m, e_f, new_k, new_e_f, new_ip, new_c_fn, new_e_fn, new_sub_l))

extern void dept_map_set_cmp_fn(struct dept_map *m, dept_cmp_fn_t cmp);

extern void dept_mark_event_sites_used(struct dept_event_site_init **start, unsigned int nr);
extern void __dept_recover_event(struct dept_event_site_dep *esd, struct dept_event_site *es, struct dept_event_site *rs);
DEPT_HOOK_BOOL(dept_skip_event_begin, (struct dept_event_site *es), (es))
extern void dept_skip_event_end(void);

/* @rs recovers @es: see struct dept_event_site */
#define dept_recover_event(es, rs)					\
do {									\
	static struct dept_event_site_dep __dept_esd =			\
		DEPT_EVENT_SITE_DEP_INITIALIZER(__dept_esd);		\
									\
	__dept_recover_event(&__dept_esd, es, rs);			\
} while (0)

/*
 * Run @evt, which triggers the event of site @es; the event is not
 * tracked if another site recovers @es.
 */
#define event_site(es, evt)						\
do {									\
	bool __dept_skip;						\
									\
	dept_event_site_used(es);					\
	__dept_skip = dept_skip_event_begin(es);			\
	evt;								\
	if (__dept_skip)						\
		dept_skip_event_end();					\
} while (0)

DEPT_HOOK(dept_softirq_enter, (void), ())
DEPT_HOOK(dept_hardirq_enter, (void), ())
DEPT_HOOK(dept_softirqs_on_ip, (unsigned long ip), (ip))
DEPT_HOOK(dept_hardirqs_on, (void), ())
#else /* !CONFIG_DEPT */
struct dept_key { };
struct dept_map { };
struct dept_ext_wgen { };
struct dept_task { };
struct dept_event_site { };

#define DEPT_MAP_INITIALIZER(n, k)			{ }
#define DEPT_EVENT_SITE_INITIALIZER(es)			{ }
#define DEPT_TASK_INITIALIZER(t)			{ }

#define dept_on()					do { } while (0)
#define dept_off()					do { } while (0)
#define dept_init()					do { } while (0)
#define dept_stop_emerg()				do { } while (0)
#define dept_task_init(t)				do { } while (0)
#define dept_task_exit(t)				do { } while (0)
#define dept_free_range(s, sz)				do { } while (0)

#define dept_map_init(m, k, su, n)			do { (void)(n); (void)(k); } while (0)
#define dept_map_reinit(m, k, su, n)			do { (void)(n); (void)(k); } while (0)
#define dept_ext_wgen_init(wg)				do { } while (0)
#define dept_map_copy(t, f)				do { } while (0)
#define dept_wait(m, w_f, ip, w_fn, sl, t)		do { (void)(w_fn); } while (0)
#define dept_wait_instance(m, w_f, ip, w_fn, t, i)	do { (void)(w_fn); } while (0)
#define dept_wait_request_instance(m, w_f, ip, w_fn, i, wg) do { (void)(w_fn); } while (0)
#define dept_stage_wait(m, k, ip, w_fn, t)		do { (void)(k); (void)(w_fn); } while (0)
#define dept_request_event_wait_commit()		do { } while (0)
#define dept_clean_stage()				do { } while (0)
#define dept_ttwu_stage_wait(t, ip)			do { } while (0)
#define dept_ecxt_enter(m, e_f, ip, c_fn, e_fn, sl)	do { (void)(c_fn); (void)(e_fn); } while (0)
#define dept_ecxt_holding(m, e_f)			false
#define dept_request_event(m, wg)			do { } while (0)
#define dept_event(m, e_f, ip, e_fn, wg)		do { (void)(e_fn); } while (0)
#define dept_event_instance(m, e_f, ip, e_fn, wg, i)	do { (void)(e_fn); } while (0)
#define dept_ecxt_exit(m, e_f, ip)			do { } while (0)
#define dept_sched_enter()				do { } while (0)
#define dept_sched_exit()				do { } while (0)
#define dept_update_cxt()				do { } while (0)
#define dept_ecxt_enter_nokeep(m)			do { } while (0)
#define dept_key_init(k)				do { (void)(k); } while (0)
#define dept_key_destroy(k)				do { (void)(k); } while (0)
#define dept_map_forget(m)				do { } while (0)
#define dept_tracking()					false
#define dept_cycles_found()				0U
#define dept_map_ecxt_modify(m, e_f, n_k, n_e_f, n_ip, n_c_fn, n_e_fn, n_sl) do { (void)(n_k); (void)(n_c_fn); (void)(n_e_fn); } while (0)

#define dept_map_set_cmp_fn(m, cmp)			do { } while (0)
#define dept_recover_event(es, rs)			do { (void)(es); (void)(rs); } while (0)
#define event_site(es, evt)				do { (void)(es); evt; } while (0)

#define dept_softirq_enter()				do { } while (0)
#define dept_hardirq_enter()				do { } while (0)
#define dept_softirqs_on_ip(ip)				do { } while (0)
#define dept_hardirqs_on()				do { } while (0)
#endif /* CONFIG_DEPT */

#define DECLARE_DEPT_EVENT_SITE(es)	extern struct dept_event_site (es)
#define DEFINE_DEPT_EVENT_SITE(es)	struct dept_event_site (es) = DEPT_EVENT_SITE_INITIALIZER(es)
#endif /* __LINUX_DEPT_H */
