// SPDX-License-Identifier: GPL-2.0
/*
 * DEPT (DEPendency Tracker) - runtime detector of wait/event deadlocks
 *
 * The model, in the words of Documentation/dev-tools/dept.rst: a
 * deadlock is a set of waits whose events can never happen, because
 * each event is reachable only after one of the other waits ends.
 *
 * DEPT observes three things:
 *
 *  - a wait: a task blocks on a class (lock acquisition, completion,
 *    waitqueue sleep, ...);
 *  - an event context: the stretch of code, from [S] to [E], in which
 *    the event of a class may be triggered (a held lock until its
 *    release, or the code between a wait being requested and the event
 *    that ends it);
 *  - an event: the point [E] that ends waits on a class.
 *
 * A wait on class W observed inside an event context of class E makes
 * the dependency E -> W: E's event cannot happen before W's wait ends.
 * Dependencies are edges between classes; a new edge that closes a
 * cycle is reported.  Unlike lockdep, DEPT keeps working after a
 * report, so every distinct cycle is reported once.
 *
 * Locking rules:
 *
 *  - Every entry point runs with IRQs disabled (raw, untraced) and the
 *    task's recursion counter raised, so the engine never re-enters
 *    itself through the locks, printk or stack unwinding it uses.
 *  - dept_task is touched only by its task, except the staging area,
 *    which a waker reads under dept_task::stage_lock.
 *  - The graph (class and dependency lists, hash insertions, BFS state)
 *    is changed only under dept_spin.  dept_spin is taken by trylock
 *    and given up while a report prints, so that a CPU spinning for it
 *    cannot hold back the console a report is printing to; a dependency
 *    met meanwhile is deferred, and added when dept_spin is unlocked.
 *  - Hash lookups are lockless under RCU: IRQs off is the read side.
 *    Unhashed objects are put after a grace period; pool objects are
 *    never returned to the page allocator.
 */

#define pr_fmt(fmt) fmt

#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/stacktrace.h>
#include <linux/spinlock.h>
#include <linux/kallsyms.h>
#include <linux/hash.h>
#include <linux/dept.h>
#include <linux/dept_ldt.h>
#include <linux/utsname.h>
#include <linux/kernel.h>
#include <linux/rculist.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/irq_work.h>
#include <linux/llist.h>
#include <linux/workqueue.h>
#include <linux/vmalloc.h>
#include <linux/minmax.h>
#include <linux/debug_locks.h>
#include "dept_internal.h"

/* ---------------------------------------------------------------------
 * Global state
 * ---------------------------------------------------------------------
 */

/* set once by dept_init(); nothing is tracked before */
static bool dept_ready __read_mostly;

/* set for good when the engine cannot go on; see dept_stop() */
static int dept_stopped __read_mostly;

/*
 * dept_ready and not dept_stopped, in one flag that the hooks of
 * <linux/dept.h> test inline before they call into the engine, so that
 * a kernel booted with dept=off, or one where DEPT stopped, pays a load
 * and a branch per hook rather than a call.  The engine tests its own
 * state again: the flag is a shortcut, not the rule.
 */
bool dept_running __read_mostly;
EXPORT_SYMBOL_GPL(dept_running);

/*
 * Whether waits with a timeout make dependencies, so that cycles through
 * them are reported as circular dependencies rather than ignored.
 */
static bool dept_aggressive_timeout __read_mostly =
	IS_ENABLED(CONFIG_DEPT_AGGRESSIVE_TIMEOUT_WAIT);

static int __init dept_aggressive_timeout_setup(char *str)
{
	if (kstrtobool(str, &dept_aggressive_timeout))
		pr_warn("DEPT: dept_aggressive_timeout=%s is not a boolean; keeping %s\n",
			str, dept_aggressive_timeout ? "on" : "off");
	return 1;
}
__setup("dept_aggressive_timeout=", dept_aggressive_timeout_setup);

/*
 * "dept=off" on the command line keeps the engine from ever starting,
 * while every hook stays compiled in: the cost of DEPT switched off.
 */
static bool dept_enabled __initdata = true;

static int __init dept_enabled_setup(char *str)
{
	if (kstrtobool(str, &dept_enabled))
		pr_warn("DEPT: dept=%s is not a boolean; keeping %s\n",
			str, dept_enabled ? "on" : "off");
	return 1;
}
__setup("dept=", dept_enabled_setup);

/* protects the graph; see the locking rules above */
static arch_spinlock_t dept_spin = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;

/* non-zero while a report prints: dept_lock() gives up meanwhile */
static int dept_reporting;

/* how many cycles have been reported; under dept_spin */
static unsigned int dept_nr_reports;

/*
 * How many cycles have been found, reported or not (reports are
 * silenced while lockdep's selftests run); under dept_spin.
 */
static unsigned int dept_nr_cycles;

/* the wait generation clock; 0 is never handed out */
static atomic_t dept_wgen = ATOMIC_INIT(1);

/* every class, in creation order; protected by dept_spin */
LIST_HEAD(dept_classes);

static struct dept_task *dept_task(void)
{
	return &current->dept_task;
}

static void dept_stop(const char *why)
{
	if (xchg(&dept_stopped, 1))
		return;
	WRITE_ONCE(dept_running, false);
	pr_warn("DEPT: stopped: %s\n", why);
}

/*
 * The kernel's integrity is gone (panic, oops): stop for good.  A report
 * of lockdep's does not come here; DEPT goes on after lockdep gives up.
 */
void dept_stop_emerg(void)
{
	WRITE_ONCE(dept_stopped, 1);
	WRITE_ONCE(dept_running, false);
}

static __always_inline bool dept_working(void)
{
	return likely(READ_ONCE(dept_ready)) && !READ_ONCE(dept_stopped) &&
	       !in_nmi();
}

static unsigned int next_wgen(void)
{
	unsigned int wg = (unsigned int)atomic_inc_return(&dept_wgen);

	if (unlikely(!wg))
		wg = (unsigned int)atomic_inc_return(&dept_wgen);
	return wg;
}

/* whether wgen @a is older than @b, valid across a wrap */
static bool before(unsigned int a, unsigned int b)
{
	return (int)(a - b) < 0;
}

/* ---------------------------------------------------------------------
 * Entering and leaving the engine
 * ---------------------------------------------------------------------
 */

/* the IRQ flags of the engine's caller, saved by dept_enter() */
static DEFINE_PER_CPU(unsigned long, dept_irq_flags);

/*
 * Entered from lockdep's own entry (lock_acquire_dept()), the engine
 * finds IRQs disabled, their state before in @flags, and lockdep off for
 * the CPU until it returns.
 */
static __always_inline void dept_enter_irqsoff(unsigned long flags)
{
	this_cpu_write(dept_irq_flags, flags);
	dept_task()->recursive++;
}

static __always_inline void dept_exit_irqsoff(void)
{
	dept_task()->recursive--;
}

static __always_inline unsigned long dept_enter(void)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	lockdep_off();
	dept_enter_irqsoff(flags);
	return flags;
}

static __always_inline void dept_exit(unsigned long flags)
{
	dept_exit_irqsoff();
	lockdep_on();
	raw_local_irq_restore(flags);
}

/* Whether the current task may enter the engine now. */
static __always_inline bool dept_may_enter(void)
{
	struct dept_task *dt = dept_task();

	return dept_working() && !dt->recursive && !dt->task_exit;
}

static bool dept_lock(void)
{
	while (!arch_spin_trylock(&dept_spin)) {
		if (READ_ONCE(dept_reporting))
			return false;
		cpu_relax();
	}
	return true;
}

static void add_deferred_deps(void);
static LLIST_HEAD(dept_deferred_deps);

/*
 * Whoever holds dept_spin last adds the dependencies deferred meanwhile
 * (see defer_dep()): a deferring CPU either gets the lock after its
 * llist_add() or leaves it to a holder that sees the list after unlock.
 */
static void dept_unlock(void)
{
	do {
		add_deferred_deps();
		arch_spin_unlock(&dept_spin);
		smp_mb();
	} while (!llist_empty(&dept_deferred_deps) &&
		 arch_spin_trylock(&dept_spin));
}

bool dept_graph_lock(unsigned long *flags)
{
	raw_local_irq_save(*flags);
	dept_task()->recursive++;
	if (dept_lock())
		return true;
	dept_task()->recursive--;
	raw_local_irq_restore(*flags);
	return false;
}

void dept_graph_unlock(unsigned long flags)
{
	dept_unlock();
	dept_task()->recursive--;
	raw_local_irq_restore(flags);
}

unsigned int dept_wgen_now(void)
{
	return (unsigned int)atomic_read(&dept_wgen);
}

int dept_is_stopped(void)
{
	return READ_ONCE(dept_stopped);
}

unsigned int dept_reports(void)
{
	return READ_ONCE(dept_nr_reports);
}

bool dept_tracking(void)
{
	return dept_working();
}
EXPORT_SYMBOL_GPL(dept_tracking);

unsigned int dept_cycles_found(void)
{
	return READ_ONCE(dept_nr_cycles);
}
EXPORT_SYMBOL_GPL(dept_cycles_found);

/* ---------------------------------------------------------------------
 * Object pools
 * ---------------------------------------------------------------------
 */

#define OBJECT(id, nr)							\
static struct dept_##id spool_##id[nr];
	#include "dept_object.h"
#undef  OBJECT

/* no pool holds more objects than this, so that sizes fit an int */
#define DEPT_POOL_OBJS_MAX	(1 << 22)

/*
 * dept_pool_objs=N: every pool holds N objects from boot on and refills
 * by chunks of N.  Below a pool's boot array, N caps the array, so that
 * a small N drives the engine through refills; above it, the rest is
 * allocated as the first chunk as soon as vmalloc() can, for those who
 * want a larger reservation than the default (dept_reserve_pools()).
 */
static int __init dept_pool_objs_setup(char *str)
{
	int nr, i;

	/* a bare "dept_pool_objs" comes without a value: @str is NULL */
	if (!str || kstrtoint(str, 0, &nr) || nr < 16 ||
	    nr > DEPT_POOL_OBJS_MAX) {
		pr_warn("DEPT: dept_pool_objs=%s is not a number from 16 to %d; using the defaults\n",
			str ?: "", DEPT_POOL_OBJS_MAX);
		return 0;
	}
	for (i = 0; i < OBJECT_NR; i++) {
		dept_pool[i].obj_nr = min(dept_pool[i].obj_nr, nr);
		dept_pool[i].total_nr = dept_pool[i].obj_nr;
		dept_pool[i].chunk_nr = nr;
	}
	return 0;
}
early_param("dept_pool_objs", dept_pool_objs_setup);

struct dept_pool dept_pool[OBJECT_NR] = {
#define OBJECT(id, nr) [OBJECT_##id] = {				\
	.name = #id,							\
	.obj_sz = sizeof(struct dept_##id),				\
	.spool = spool_##id,						\
	.obj_nr = nr,							\
	.chunk_nr = nr,							\
	.total_nr = nr,							\
	.spool_used = ATOMIC_INIT(0),					\
	.used = ATOMIC_INIT(0),						\
},
	#include "dept_object.h"
#undef  OBJECT
};

/* freed objects, per CPU and type; touched with IRQs off only */
static DEFINE_PER_CPU(struct dept_pool_node *, dept_free_objs[OBJECT_NR]);

/*
 * Pools refill from a work item, a chunk at a time, when they run low.
 * The request goes through an irq_work because an allocation may happen
 * anywhere, even in the scheduler with its locks held.
 */
static arch_spinlock_t dept_pool_spin = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;

/* the refill chunks, kept reachable; never freed */
struct dept_chunk {
	struct dept_chunk		*next;
	struct dept_pool		*pool;	/* whose objects it holds */
	int				nr;	/* how many */
};

static struct dept_chunk *dept_chunks;
static void dept_refill_ask(struct irq_work *w);
static void dept_refill(struct work_struct *w);
static DEFINE_IRQ_WORK(dept_refill_irq_work, dept_refill_ask);
static DECLARE_WORK(dept_refill_work, dept_refill);

static void dept_refill_ask(struct irq_work *w)
{
	schedule_work(&dept_refill_work);
}

static int pool_avail(struct dept_pool *p)
{
	return max(p->obj_nr - atomic_read(&p->spool_used), 0) +
	       READ_ONCE(p->refilled_nr);
}

static void refill_pool(struct dept_pool *p, int nr)
{
	struct dept_chunk *chunk;
	unsigned long flags;
	int i;

	chunk = vzalloc(sizeof(*chunk) + (size_t)nr * p->obj_sz);
	if (!chunk) {
		dept_stop("memory for the pools could not be allocated");
		pr_warn("DEPT: refilling the %s pool with %d objects failed\n",
			p->name, nr);
		return;
	}

	raw_local_irq_save(flags);
	arch_spin_lock(&dept_pool_spin);
	chunk->next = dept_chunks;
	chunk->pool = p;
	chunk->nr = nr;
	dept_chunks = chunk;
	for (i = 0; i < nr; i++) {
		struct dept_pool_node *n = (void *)(chunk + 1) + i * p->obj_sz;

		n->next = p->refilled;
		p->refilled = n;
	}
	WRITE_ONCE(p->refilled_nr, p->refilled_nr + nr);
	WRITE_ONCE(p->total_nr, p->total_nr + nr);
	WRITE_ONCE(p->refills, p->refills + 1);
	p->refill_asked = false;
	arch_spin_unlock(&dept_pool_spin);
	raw_local_irq_restore(flags);
}

static void dept_refill(struct work_struct *w)
{
	int i;

	for (i = 0; i < OBJECT_NR && !READ_ONCE(dept_stopped); i++)
		if (READ_ONCE(dept_pool[i].refill_asked))
			refill_pool(&dept_pool[i], dept_pool[i].chunk_nr);
}

/* The rest of a reservation larger than the boot arrays: dept_pool_objs= */
static int __init dept_reserve_pools(void)
{
	int i;

	for (i = 0; i < OBJECT_NR && dept_tracking(); i++) {
		struct dept_pool *p = &dept_pool[i];

		if (p->chunk_nr > p->obj_nr)
			refill_pool(p, p->chunk_nr - p->obj_nr);
	}
	return 0;
}
early_initcall(dept_reserve_pools);

static void *take_refilled(struct dept_pool *p)
{
	struct dept_pool_node *n;

	if (!READ_ONCE(p->refilled))
		return NULL;

	arch_spin_lock(&dept_pool_spin);
	n = p->refilled;
	if (n) {
		p->refilled = n->next;
		WRITE_ONCE(p->refilled_nr, p->refilled_nr - 1);
	}
	arch_spin_unlock(&dept_pool_spin);
	return n;
}

/*
 * Ask for a refill once fewer than half of the boot array are left, so
 * that a burst (a module creating its classes) finds objects while the
 * refill waits for its worker.  Measured against the boot array, not
 * the chunk: with dept_pool_objs= above the array, the rest of the
 * reservation is on its way already and must not be asked for twice.
 * Objects on the per-CPU free lists do not count: only their own CPU
 * hands them out, and any other CPU with an empty list draws on what
 * pool_avail() counts.  So a pool may grow while many of its objects
 * are free, once per chunk the shared part runs down.
 */
static void check_pool_low(struct dept_pool *p)
{
	if (pool_avail(p) >= p->obj_nr / 2 || READ_ONCE(p->refill_asked))
		return;
	WRITE_ONCE(p->refill_asked, true);
	irq_work_queue(&dept_refill_irq_work);
}

/*
 * Hand out a zeroed object with one reference, or NULL while the pool
 * waits for its refill.  Called with IRQs off.
 */
static void *alloc_obj(enum dept_object t)
{
	struct dept_pool *p = &dept_pool[t];
	struct dept_pool_node **head = this_cpu_ptr(&dept_free_objs[t]);
	struct dept_pool_node *n = *head;
	atomic_t *ref;

	if (n) {
		*head = n->next;
	} else {
		int i = atomic_inc_return(&p->spool_used) - 1;

		if (i < p->obj_nr) {
			n = p->spool + (size_t)i * p->obj_sz;
		} else {
			atomic_dec(&p->spool_used);
			n = take_refilled(p);
		}
		check_pool_low(p);
		if (unlikely(!n)) {
			atomic_inc(&p->dropped);
			return NULL;
		}
	}

	memset(n, 0, p->obj_sz);
	ref = (atomic_t *)(n + 1);
	atomic_set(ref, 1);
	atomic_inc(&p->used);
	return n;
}

static void free_obj(enum dept_object t, void *obj)
{
	struct dept_pool_node *n = obj;
	struct dept_pool_node **head;
	unsigned long flags;

	raw_local_irq_save(flags);
	head = this_cpu_ptr(&dept_free_objs[t]);
	n->next = *head;
	*head = n;
	atomic_dec(&dept_pool[t].used);
	raw_local_irq_restore(flags);
}

/*
 * get_##id() takes a reference; put_##id() drops one and, with the
 * last, releases what the object refers to and frees it.
 */
#define OBJECT(id, nr)							\
static void destroy_##id(struct dept_##id *o);				\
static __maybe_unused struct dept_##id *get_##id(struct dept_##id *o)	\
{									\
	atomic_inc(&o->ref);						\
	return o;							\
}									\
static void put_##id(struct dept_##id *o)				\
{									\
	if (atomic_dec_and_test(&o->ref)) {				\
		destroy_##id(o);					\
		free_obj(OBJECT_##id, o);				\
	}								\
}
	#include "dept_object.h"
#undef  OBJECT

static void destroy_stack(struct dept_stack *s)
{
}

static void destroy_class(struct dept_class *c)
{
	struct dept_stack *s = c->site_stacks;

	while (s) {
		struct dept_stack *next = s->site_next;

		put_stack(s);
		s = next;
	}
}

static void destroy_ecxt(struct dept_ecxt *e)
{
	int i;

	for (i = 0; i < DEPT_CXT_IRQS_NR; i++)
		if (e->enirq_stack[i])
			put_stack(e->enirq_stack[i]);
	if (e->ecxt_stack)
		put_stack(e->ecxt_stack);
	if (e->event_stack)
		put_stack(e->event_stack);
	put_class(e->class);
}

static void destroy_wait(struct dept_wait *w)
{
	int i;

	for (i = 0; i < DEPT_CXT_IRQS_NR; i++)
		if (w->irq_stack[i])
			put_stack(w->irq_stack[i]);
	if (w->wait_stack)
		put_stack(w->wait_stack);
	put_class(w->class);
}

static void destroy_dep(struct dept_dep *d)
{
	put_ecxt(d->ecxt);
	put_wait(d->wait);
}

/* The current stack, or NULL when the pool is empty. */
static struct dept_stack *get_current_stack(void)
{
	struct dept_stack *s = alloc_obj(OBJECT_stack);

	if (s)
		s->nr = stack_trace_save(s->raw, DEPT_MAX_STACK_ENTRY, 2);
	return s;
}

/*
 * The stack of a wait that __schedule() commits, from where the task
 * staged it: the engine's and the scheduler's frames on top say nothing.
 */
static struct dept_stack *get_staged_stack(void)
{
	unsigned long raw[2 * DEPT_MAX_STACK_ENTRY];
	struct dept_stack *s;
	int nr, i = 0;

	s = alloc_obj(OBJECT_stack);
	if (!s)
		return NULL;

	nr = stack_trace_save(raw, ARRAY_SIZE(raw), 2);
	while (i < nr && !in_sched_functions(raw[i]))
		i++;
	if (i == nr)
		i = 0;
	while (i < nr && in_sched_functions(raw[i]))
		i++;

	s->nr = min(nr - i, DEPT_MAX_STACK_ENTRY);
	memcpy(s->raw, raw + i, s->nr * sizeof(raw[0]));
	return s;
}

/* what a site's stack was taken for */
enum dept_stack_kind {
	DEPT_STACK_WAIT,
	DEPT_STACK_STAGED,	/* a wait committed by __schedule() */
	DEPT_STACK_ECXT,
};

/* ---------------------------------------------------------------------
 * Hash tables
 * ---------------------------------------------------------------------
 */

#define HASH(id, bits)							\
static struct hlist_head table_##id[1 << (bits)];			\
static struct hlist_head *head_##id(unsigned long key)			\
{									\
	return table_##id + hash_long(key, bits);			\
}
	#include "dept_hash.h"
#undef  HASH

static unsigned long dep_key(struct dept_class *fc, struct dept_class *tc)
{
	return (unsigned long)fc ^ ((unsigned long)tc << 7) ^
	       ((unsigned long)tc >> 3);
}

/*
 * Lockless, with IRQs or preemption off: dependencies are freed after an
 * RCU grace period.  Saying so spares RCU's lockdep check, three held
 * lock lookups, on the fast path of a wait (wait_repeats()).
 */
static struct dept_dep *lookup_dep(struct dept_class *fc,
				   struct dept_class *tc)
{
	struct dept_dep *d;

	hlist_for_each_entry_rcu(d, head_dep(dep_key(fc, tc)), hash_node,
				 !preemptible())
		if (d->fc == fc && d->tc == tc)
			return d;
	return NULL;
}

/* Lockless, IRQs off. */
static struct dept_class *lookup_class(unsigned long key)
{
	struct dept_class *c;

	hlist_for_each_entry_rcu(c, head_class(key), hash_node)
		if (c->key == key)
			return c;
	return NULL;
}

static unsigned long site_key(struct dept_class *c, unsigned long ip,
			      int kind)
{
	return (unsigned long)c ^ (ip << 2) ^ kind;
}

/* Lockless, IRQs off. */
static struct dept_stack *lookup_site(struct dept_class *c, unsigned long ip,
				      int kind)
{
	struct dept_stack *s;

	hlist_for_each_entry_rcu(s, head_site(site_key(c, ip, kind)), site_node)
		if (s->site_class == c && s->site_ip == ip && s->site_kind == kind)
			return s;
	return NULL;
}

/*
 * A stack for a wait or an event context (@kind) of @c at @ip: the one
 * its site keeps, unless it needs its @own.
 *
 * Most of what an acquisition cost was its stack trace.  A report shows
 * only the waits and contexts of new dependencies, but many of those
 * were recorded long before (the waits in the history, the contexts
 * held), so each needs a stack when it is recorded.  The first stack
 * taken at a site is kept for the later ones: a repeated acquisition
 * takes no trace, and a report shows how its site was first reached.
 * Every site keeps one, however many a class has (the runqueue lock's
 * are dozens, each taken on every wake-up).  A kept stack is hashed
 * under the graph lock, only while its class is alive, and stays until
 * the class is destroyed, a grace period at least after
 * dept_free_range() unhashed it: a lookup under RCU never meets a
 * freed one.
 *
 * Inlined, as new_wait() is: the trace skips a fixed number of frames,
 * which must be the engine's own, as when add_wait() and new_ecxt()
 * took it themselves; a frame more begins each stack in the engine.
 */
static __always_inline struct dept_stack *
site_stack(struct dept_class *c, unsigned long ip, int kind, bool own)
{
	struct dept_stack *kept = lookup_site(c, ip, kind);
	struct dept_stack *s;

	if (kept && !own)
		return get_stack(kept);

	s = kind == DEPT_STACK_STAGED ? get_staged_stack() :
					get_current_stack();
	if (!s || kept || !dept_lock())
		return s;

	/* unless another CPU kept one meanwhile, or the class died */
	if (!c->dead && !lookup_site(c, ip, kind)) {
		s->site_class = c;
		s->site_ip = ip;
		s->site_kind = kind;
		s->site_next = c->site_stacks;
		c->site_stacks = get_stack(s);
		hlist_add_head_rcu(&s->site_node, head_site(site_key(c, ip, kind)));
	}
	dept_unlock();
	return s;
}

/* ---------------------------------------------------------------------
 * Classes
 * ---------------------------------------------------------------------
 */

extern struct lock_class_key __lockdep_no_validate__;

static bool valid_key(struct dept_key *k)
{
	return k != &__lockdep_no_validate__.dkey;
}

static int evt_idx(unsigned long e_f)
{
	return __ffs(e_f);
}

static struct dept_key *map_key(struct dept_map *m)
{
	return m->keys ?: &m->map_key;
}

static unsigned long name_key(const char *name)
{
	unsigned long h = 0;

	while (*name)
		h = h * 31 + (unsigned char)*name++;
	return h;
}

/*
 * Number @c among the live classes of its name, under the graph lock: the
 * subclasses of one key share a version, the first key of a name has
 * none, each later one the highest so far plus one ("#2" is the second).
 * Classes named after their call site (<sched>) are told apart by it.
 */
static void name_class(struct dept_class *c)
{
	unsigned long base = c->key - c->sub_id;
	unsigned int highest = 0;
	struct dept_class *o;

	if (!c->name || c->sched_map)
		return;
	hlist_for_each_entry(o, head_name(name_key(c->name)), name_node) {
		if (strcmp(o->name, c->name))
			continue;
		if (o->key - o->sub_id == base) {
			c->name_version = o->name_version;
			goto add;
		}
		highest = max_t(unsigned int, highest, o->name_version ?: 1);
	}
	if (highest)
		c->name_version = highest + 1;
add:
	if (c->name_version)
		snprintf(c->name_suffix, sizeof(c->name_suffix), "#%hu",
			 c->name_version);
	hlist_add_head(&c->name_node, head_name(name_key(c->name)));
}

static struct dept_class *create_class(unsigned long key, int sub_id,
				       const char *name, bool sched_map)
{
	struct dept_class *c;

	if (!dept_lock())
		return NULL;

	c = lookup_class(key);
	if (c)
		goto unlock;

	c = alloc_obj(OBJECT_class);
	if (!c)
		goto unlock;

	c->key = key;
	c->sub_id = sub_id;
	c->name = name;
	c->sched_map = sched_map;
	name_class(c);
	INIT_LIST_HEAD(&c->bfs_node);
	INIT_LIST_HEAD(&c->dep_head);
	INIT_LIST_HEAD(&c->dep_rev_head);
	list_add_tail(&c->all_node, &dept_classes);
	hlist_add_head_rcu(&c->hash_node, head_class(key));
unlock:
	dept_unlock();
	return c;
}

/* map_class() when the map's cache does not hold the class */
static noinline struct dept_class *map_class_slow(struct dept_map *m, int e,
						  int sub_id, unsigned long key,
						  bool sched_map, bool cache)
{
	struct dept_class *c = lookup_class(key);

	if (!c)
		c = create_class(key, sub_id, m->name, sched_map);
	if (c && cache)
		WRITE_ONCE(m->map_key.classes[e], c);
	return c;
}

/* The class @m's cache holds for event index @e, if it is @key's and alive */
static __always_inline struct dept_class *cached_class(struct dept_map *m,
							int e, unsigned long key)
{
	struct dept_class *c = READ_ONCE(m->map_key.classes[e]);

	return likely(c && c->key == key && !READ_ONCE(c->dead)) ? c : NULL;
}

/* Whether a wait or context at local subclass @sub_l is of its map's own */
static __always_inline bool own_subclass(int sub_l)
{
	return sub_l <= 0 || sub_l >= DEPT_MAX_SUBCLASSES_USR;
}

/* The class of @m's own subclass for event index @e, if cached */
static __always_inline struct dept_class *own_class(struct dept_map *m, int e)
{
	return cached_class(m, e, (unsigned long)map_key(m)->base + m->sub_u +
			    e * DEPT_MAX_SUBCLASSES_USR);
}

/*
 * The class of @m's event @e_f when taken at local subclass @sub_l.  As
 * lockdep's, a class is a key and a subclass: the one a lock is
 * acquired with (*_lock_nested()), or the map's own when that is 0.
 * Otherwise a parent and a child locked in that order under two
 * classes, here A then B and elsewhere B then A (configfs's directory
 * inodes, two page table locks in mremap()), would be a cycle that the
 * nesting the caller declared rules out.  The map's cache holds only the
 * class of its own subclass, the one of every unnested acquisition, and
 * is trusted only for the key byte it was filled for and while the class
 * is alive.
 */
static __always_inline struct dept_class *
map_class(struct dept_map *m, unsigned long e_f, int sub_l, bool sched_map)
{
	int e = evt_idx(e_f);
	bool own = own_subclass(sub_l);
	int sub_id = (own ? m->sub_u : sub_l) + e * DEPT_MAX_SUBCLASSES_USR;
	unsigned long key = (unsigned long)map_key(m)->base + sub_id;
	struct dept_class *c = cached_class(m, e, key);

	if (likely(c))
		return c;
	return map_class_slow(m, e, sub_id, key, sched_map, own);
}

const char *dept_class_name(struct dept_class *c)
{
	if (c->sched_map)
		return "<sched>";
	return c->name ?: "(unknown)";
}

/* ---------------------------------------------------------------------
 * Reports
 * ---------------------------------------------------------------------
 */

static void print_ip_stack(unsigned long ip, struct dept_stack *s)
{
	int i;

	if (!ip && !s) {
		pr_warn("(N/A)\n");
		return;
	}
	if (ip)
		print_ip_sym(KERN_WARNING, ip);
	if (s && s->nr) {
		pr_warn("stacktrace:\n");
		for (i = 0; i < s->nr; i++)
			pr_warn("      %pS\n", (void *)s->raw[i]);
	}
}

/*
 * One role of a dependency, "[S] fn(class)": its start (S), wait (W) or
 * event (E), the function of that role and the class.  @tail ends the
 * line: nothing in the summary of a cycle, ':' before a site's stack.
 */
static void print_role(const char *indent, char role, const char *fn,
		       struct dept_class *c, const char *tail)
{
	pr_warn("%s[%c] %s(" DEPT_CLASS_FMT ")%s\n", indent, role,
		fn ?: "(unknown)", dept_class_name(c), c->name_suffix,
		c->sub_id, tail);
}

static void print_dep_lines(struct dept_dep *d)
{
	print_role("    ", 'S', d->ecxt->ecxt_fn, d->fc, "");
	print_role("    ", 'W', d->wait->wait_fn, d->tc, "");
	print_role("    ", 'E', d->ecxt->event_fn, d->fc, "");
}

/* The IRQ kinds of @irqf, each with its site: "hardirq @what:" */
static void print_irq_sites(unsigned long irqf, const unsigned long *ip,
			    struct dept_stack *const *stack, const char *what)
{
	int irq;

	for_each_set_bit(irq, &irqf, DEPT_CXT_IRQS_NR) {
		pr_warn("%s %s:\n",
			irq == DEPT_CXT_HIRQ ? "hardirq" : "softirq", what);
		print_ip_stack(ip[irq], stack[irq]);
		pr_warn("\n");
	}
}

static void print_dep_detail(struct dept_dep *d, char name)
{
	struct dept_ecxt *e = d->ecxt;
	struct dept_wait *w = d->wait;

	pr_warn("---------------------------------------------------\n");
	pr_warn("context %c's detail\n", name);
	pr_warn("---------------------------------------------------\n");
	pr_warn("context %c\n", name);
	print_dep_lines(d);
	pr_warn("\n");

	print_irq_sites(e->enirqf, e->enirq_ip, e->enirq_stack,
			"has been enabled");
	print_role("", 'S', e->ecxt_fn, d->fc, ":");
	print_ip_stack(e->ecxt_ip, e->ecxt_stack);
	pr_warn("\n");

	print_irq_sites(w->irqf, w->irq_ip, w->irq_stack, "context");
	print_role("", 'W', w->wait_fn, d->tc, ":");
	print_ip_stack(w->wait_ip, w->wait_stack);
	pr_warn("\n");

	print_role("", 'E', e->event_fn, d->fc, ":");
	print_ip_stack(e->event_ip, e->event_stack);
}

/*
 * The cycle is @d's source back to @d's source: @d itself, then the
 * dependencies the BFS walked from d->tc to d->fc.  Called under
 * dept_spin; dept_reporting makes other CPUs give up the lock.
 */
#define DEPT_MAX_CYCLE_PRINT 26

/*
 * The cycle of the latest report, in the order its contexts print, for
 * debuggers; it holds a reference on each dependency.  Under dept_spin.
 */
static struct dept_dep *dept_last_cycle[DEPT_MAX_CYCLE_PRINT];
static int dept_last_cycle_nr;

static void keep_last_cycle(struct dept_dep **cycle, int nr)
{
	int i;

	for (i = 0; i < dept_last_cycle_nr; i++)
		put_dep(dept_last_cycle[i]);
	for (i = 0; i < nr; i++)
		dept_last_cycle[i] = get_dep(cycle[nr - 1 - i]);
	dept_last_cycle_nr = nr;
}

static void print_circle(struct dept_dep *d)
{
	struct dept_dep *cycle[DEPT_MAX_CYCLE_PRINT];
	struct dept_class *c;
	bool timed = false;
	int nr = 0;
	int i;

	cycle[nr++] = d;
	for (c = d->fc; c != d->tc && nr < DEPT_MAX_CYCLE_PRINT;
	     c = c->bfs_dep->fc)
		cycle[nr++] = c->bfs_dep;
	keep_last_cycle(cycle, nr);

	for (i = 0; i < nr; i++)
		timed |= cycle[i]->wait->timeout;

	WRITE_ONCE(dept_reporting, 1);
	dept_nr_reports++;
	pr_warn("===================================================\n");
	pr_warn("DEPT: Circular dependency has been detected.\n");
	pr_warn("%s %s\n", init_utsname()->release, print_tainted());
	pr_warn("---------------------------------------------------\n");
	pr_warn("summary\n");
	pr_warn("---------------------------------------------------\n");
	if (timed)
		pr_warn("*** Not a deadlock but a circular dependency: a wait in it has a timeout ***\n");
	else if (d->fc == d->tc)
		pr_warn("*** AA DEADLOCK ***\n");
	else
		pr_warn("*** DEADLOCK ***\n");
	pr_warn("\n");

	/* in the order the cycle runs: each context's wait is the next's event */
	for (i = 0; i < nr; i++) {
		pr_warn("context %c\n", 'A' + i);
		print_dep_lines(cycle[nr - 1 - i]);
		pr_warn("\n");
	}
	pr_warn("[S]: start of the event context\n");
	pr_warn("[W]: the wait blocked\n");
	pr_warn("[E]: the event not reachable\n");

	for (i = 0; i < nr; i++)
		print_dep_detail(cycle[nr - 1 - i], 'A' + i);

	pr_warn("---------------------------------------------------\n");
	pr_warn("information that might be helpful\n");
	pr_warn("---------------------------------------------------\n");
	dump_stack();
	WRITE_ONCE(dept_reporting, 0);
}

/* ---------------------------------------------------------------------
 * Dependencies and the cycle check
 * ---------------------------------------------------------------------
 */

static unsigned int bfs_gen;
static LIST_HEAD(bfs_queue);

/*
 * Breadth-first search from @root, along out-edges when @fwd, else along
 * in-edges, for a class other than @root that @match accepts.  Each
 * class reached records the edge it was reached by in bfs_dep.  Only
 * what is reachable from @root is visited, so the cost does not grow
 * with unrelated parts of the graph.  Called under dept_spin.
 */
static struct dept_class *bfs(struct dept_class *root, bool fwd,
			      bool (*match)(struct dept_class *c, void *arg),
			      void *arg)
{
	struct dept_class *found = NULL;

	if (!++bfs_gen)
		++bfs_gen;

	root->bfs_gen = bfs_gen;
	root->bfs_dep = NULL;
	list_add_tail(&root->bfs_node, &bfs_queue);

	while (!list_empty(&bfs_queue)) {
		struct list_head *head, *pos;
		struct dept_class *c;

		c = list_first_entry(&bfs_queue, struct dept_class, bfs_node);
		list_del_init(&c->bfs_node);
		if (found)
			continue;

		head = fwd ? &c->dep_head : &c->dep_rev_head;
		list_for_each(pos, head) {
			struct dept_dep *d;
			struct dept_class *n;

			if (fwd)
				d = list_entry(pos, struct dept_dep, dep_node);
			else
				d = list_entry(pos, struct dept_dep, dep_rev_node);
			n = fwd ? d->tc : d->fc;
			if (n->bfs_gen == bfs_gen)
				continue;
			n->bfs_gen = bfs_gen;
			n->bfs_dep = d;
			if (match(n, arg)) {
				found = n;
				break;
			}
			list_add_tail(&n->bfs_node, &bfs_queue);
		}
	}
	return found;
}

static bool is_class(struct dept_class *c, void *arg)
{
	return c == arg;
}

/* Whether @to can be reached from @from along dependencies. */
static bool reaches(struct dept_class *from, struct dept_class *to)
{
	return from == to || bfs(from, true, is_class, to);
}

static void irq_connect(struct dept_class *fc, struct dept_class *tc);

/*
 * Add @e -> @w and report the cycle it closes.  A pair of classes is
 * added once, so each cycle is reported once: when its last edge
 * appears.  Called under dept_spin.
 */
static void __add_dep(struct dept_ecxt *e, struct dept_wait *w, bool irq)
{
	struct dept_class *fc = e->class;
	struct dept_class *tc = w->class;
	struct dept_dep *d;

	/* dept_free_range() marks classes dead under dept_spin too */
	if (lookup_dep(fc, tc) || fc->dead || tc->dead)
		return;

	d = alloc_obj(OBJECT_dep);
	if (!d)
		return;

	d->fc = fc;
	d->tc = tc;
	d->ecxt = get_ecxt(e);
	d->wait = get_wait(w);
	list_add_rcu(&d->dep_node, &fc->dep_head);
	list_add_rcu(&d->dep_rev_node, &tc->dep_rev_head);
	hlist_add_head_rcu(&d->hash_node, head_dep(dep_key(fc, tc)));

	/*
	 * lockdep's boot-time selftests build deadlocks on purpose and
	 * silence lockdep meanwhile; DEPT keeps the dependency, so the
	 * cycle is never reported later either, and prints nothing.
	 */
	if (reaches(tc, fc)) {
		WRITE_ONCE(dept_nr_cycles, dept_nr_cycles + 1);
		if (!debug_locks_silent)
			print_circle(d);
	} else if (!irq)
		irq_connect(fc, tc);
}

/*
 * Dependencies met while another CPU printed a report, which makes
 * dept_lock() give up: each waits in dept_deferred_deps, in a dept_dep
 * that is not in the graph yet and holds its ecxt and wait, until
 * dept_unlock() adds it.  Dropping them instead would lose for good a
 * cycle closed meanwhile.
 */
static void defer_dep(struct dept_ecxt *e, struct dept_wait *w)
{
	struct dept_dep *d = alloc_obj(OBJECT_dep);

	if (!d)
		return;
	d->ecxt = get_ecxt(e);
	d->wait = get_wait(w);
	llist_add(&d->deferred_node, &dept_deferred_deps);
	if (arch_spin_trylock(&dept_spin))
		dept_unlock();
}

/* Called under dept_spin; a report it prints may defer more. */
static void add_deferred_deps(void)
{
	struct llist_node *n;
	struct dept_dep *d, *t;

	while ((n = llist_del_all(&dept_deferred_deps))) {
		llist_for_each_entry_safe(d, t, llist_reverse_order(n),
					  deferred_node) {
			__add_dep(d->ecxt, d->wait, false);
			put_dep(d);
		}
	}
}

static void add_dep(struct dept_ecxt *e, struct dept_wait *w)
{
	struct dept_class *fc = e->class;
	struct dept_class *tc = w->class;

	if (lookup_dep(fc, tc))
		return;
	if (w->timeout && !dept_aggressive_timeout)
		return;
	if (READ_ONCE(fc->dead) || READ_ONCE(tc->dead))
		return;

	if (!dept_lock()) {
		defer_dep(e, w);
		return;
	}
	__add_dep(e, w, false);
	dept_unlock();
}

/* ---------------------------------------------------------------------
 * IRQ dependencies
 * ---------------------------------------------------------------------
 *
 * An IRQ of kind k may interrupt an event context of class X entered,
 * or still held, with k enabled (X's iecxt[k]), and the handler may
 * wait on class Y (Y's iwait[k]).  X's event then waits for Y: X -> Y.
 * Such an edge is added only where it closes a cycle, that is when Y
 * already leads to X; each iecxt and iwait then goes stale, so that it
 * is used for one report.  All under dept_spin.
 */

/* how many live iecxt[k] and iwait[k] exist: no search while one is 0 */
static int nr_iecxt[DEPT_CXT_IRQS_NR];
static int nr_iwait[DEPT_CXT_IRQS_NR];

static bool has_iecxt(struct dept_class *c, void *irq)
{
	struct dept_iecxt *ie = &c->iecxt[(long)irq];

	return ie->ecxt && !ie->staled;
}

static bool has_iwait(struct dept_class *c, void *irq)
{
	struct dept_iwait *iw = &c->iwait[(long)irq];

	return iw->wait && !iw->staled;
}

static void add_irq_dep(struct dept_class *x, struct dept_class *y, int irq)
{
	struct dept_iecxt *ie = &x->iecxt[irq];
	struct dept_iwait *iw = &y->iwait[irq];

	ie->staled = true;
	iw->staled = true;
	nr_iecxt[irq]--;
	nr_iwait[irq]--;
	__add_dep(ie->ecxt, iw->wait, true);
}

/* Find an X with iecxt[irq] that @y leads to, @y itself first. */
static struct dept_class *irq_find_iecxt(struct dept_class *y, long irq)
{
	if (has_iecxt(y, (void *)irq))
		return y;
	return bfs(y, true, has_iecxt, (void *)irq);
}

/* Find a Y with iwait[irq] that leads to @x, @x itself first. */
static struct dept_class *irq_find_iwait(struct dept_class *x, long irq)
{
	if (has_iwait(x, (void *)irq))
		return x;
	return bfs(x, false, has_iwait, (void *)irq);
}

/* A new edge @fc -> @tc may join an iwait before it to an iecxt after. */
static void irq_connect(struct dept_class *fc, struct dept_class *tc)
{
	long irq;

	for (irq = 0; irq < DEPT_CXT_IRQS_NR; irq++) {
		struct dept_class *x, *y;

		if (!nr_iecxt[irq] || !nr_iwait[irq])
			continue;
		y = irq_find_iwait(fc, irq);
		if (!y)
			continue;
		x = irq_find_iecxt(tc, irq);
		if (x)
			add_irq_dep(x, y, irq);
	}
}

/*
 * @e is of the first context of @c seen with IRQs of kind @irq enabled,
 * unless one was seen before.  False if that could not be told: another
 * CPU is printing a report.
 */
static bool add_iecxt(struct dept_class *c, int irq, struct dept_ecxt *e)
{
	struct dept_iecxt *ie = &c->iecxt[irq];
	struct dept_class *y;

	if (READ_ONCE(ie->ecxt) || READ_ONCE(c->dead))
		return true;
	if (!dept_lock())
		return false;

	if (!ie->ecxt) {
		ie->ecxt = get_ecxt(e);
		ie->enirq = irq;
		nr_iecxt[irq]++;
		y = nr_iwait[irq] ? irq_find_iwait(c, irq) : NULL;
		if (y)
			add_irq_dep(c, y, irq);
	}
	dept_unlock();
	return true;
}

static void add_iwait(struct dept_class *c, int irq, struct dept_wait *w)
{
	struct dept_iwait *iw = &c->iwait[irq];
	struct dept_class *x;

	if (READ_ONCE(iw->wait) || READ_ONCE(c->dead) || !dept_lock())
		return;

	if (!iw->wait) {
		iw->wait = get_wait(w);
		iw->irq = irq;
		nr_iwait[irq]++;
		x = nr_iecxt[irq] ? irq_find_iecxt(c, irq) : NULL;
		if (x)
			add_irq_dep(x, c, irq);
	}
	dept_unlock();
}

/* ---------------------------------------------------------------------
 * Contexts
 * ---------------------------------------------------------------------
 */

static __always_inline int cur_cxt(void)
{
	if (lockdep_hardirq_context())
		return DEPT_CXT_HIRQ;
	if (lockdep_softirq_context(current))
		return DEPT_CXT_SIRQ;
	return DEPT_CXT_PROCESS;
}

/* The id of the task's current context of kind @cxt (cur_cxt()). */
static __always_inline unsigned int ctxt_id_of(int cxt)
{
	return dept_task()->cxt_id[cxt] | (1U << cxt);
}

static unsigned int cur_ctxt_id(void)
{
	return ctxt_id_of(cur_cxt());
}

/*
 * The IRQ kinds that could interrupt the engine's caller, read from the
 * hardware state and the preempt count rather than from tracing, which
 * raw IRQ toggles bypass.
 */
static unsigned long softirqs_if_enabled(void)
{
	return softirq_count() ? 0UL : DEPT_SIRQF;
}

/* The IRQ kinds enabled in a context whose hardirqs are off if @irqs_off */
static __always_inline unsigned long enirqf_of(bool irqs_off)
{
	return irqs_off ? 0UL : DEPT_HIRQF | softirqs_if_enabled();
}

/* The IRQ kinds the engine's caller had enabled */
static __always_inline unsigned long cur_enirqf(void)
{
	return enirqf_of(irqs_disabled_flags(this_cpu_read(dept_irq_flags)));
}

/*
 * Whether IRQs of kind @irq could have come in since wgen @wg in the
 * current task: they are enabled now (@enirqf) or were enabled since.
 */
static __always_inline bool irq_since(unsigned long enirqf, int irq,
				      unsigned int wg)
{
	return (enirqf & (1UL << irq)) ||
	       before(wg, dept_task()->wgen_enirq[irq]);
}

/* ---------------------------------------------------------------------
 * Waits, event contexts and events
 * ---------------------------------------------------------------------
 */

static bool same_instance(const struct dept_instance *a,
			  const struct dept_instance *b)
{
	return a->set == b->set && a->pos == b->pos;
}

/*
 * The entry of the wait history @i places before the next slot: 1 is the
 * latest.  The ring's size is a power of two, so the unsigned position
 * may wrap below zero.
 */
static __always_inline struct dept_wait_hist *hist_back(struct dept_task *dt,
							unsigned int i)
{
	BUILD_BUG_ON(DEPT_MAX_WAIT_HIST & (DEPT_MAX_WAIT_HIST - 1));
	return dt->wait_hist +
	       ((unsigned int)dt->wait_hist_pos - i) % DEPT_MAX_WAIT_HIST;
}

/*
 * Append @w to the ring at the wgen @wg, or at one of its own if @wg is
 * zero.  A wait of the same class and instance in the same context just
 * before it shares its slot: only the latest one matters.  Waits on
 * other instances of an ordered set keep slots of their own: which of
 * them came after a request decides whether the request's event depends
 * on them (see ordered_after()).
 *
 * A wait that shares the slot keeps the slot's wgen if no wgen was taken
 * anywhere since that one: no request, IRQ enabling or other wait has
 * come after it, so whatever comes later orders the same against either
 * wgen.  One taken by another CPU after the check orders after this
 * wait, as it would have had it come first.  A lock taken in a loop then
 * costs a read of the shared counter, not its increment.
 */
static __always_inline void add_hist(struct dept_wait *w, unsigned int wg,
				     unsigned int ctxt_id)
{
	struct dept_task *dt = dept_task();
	struct dept_wait_hist *wh = hist_back(dt, 1);

	if (wh->ctxt_id != ctxt_id || !wh->wait ||
	    (wh->wait != w && (wh->wait->class != w->class ||
			       !same_instance(&wh->wait->inst, &w->inst)))) {
		wh = dt->wait_hist + dt->wait_hist_pos;
		dt->wait_hist_pos = (dt->wait_hist_pos + 1) %
				    DEPT_MAX_WAIT_HIST;
		if (!wg)
			wg = next_wgen();
	} else if (!wg) {
		wg = wh->wgen;
		if (wg != (unsigned int)atomic_read(&dept_wgen))
			wg = next_wgen();
	}

	/*
	 * The same wait again (recent_wait()) keeps its reference; else
	 * @w is referenced before the slot's wait is dropped, which may be
	 * what held @w for recent_wait()'s caller.
	 */
	if (wh->wait != w) {
		struct dept_wait *old = wh->wait;

		wh->wait = get_wait(w);
		if (old)
			put_wait(old);
	}
	wh->wgen = wg;
	wh->ctxt_id = ctxt_id;
}

/*
 * Whether waiting on @m, of the class of the held context @eh, depends
 * on it: not when the user declared the nesting, by another local
 * subclass (*_lock_nested()) or by the class's order between instances
 * (lockdep_set_lock_cmp_fn()).
 */
static bool same_class_depends(struct dept_ecxt_held *eh, struct dept_map *m,
			       int sub_l, bool sched_sleep)
{
	dept_cmp_fn_t cmp = READ_ONCE(eh->class->cmp_fn);

	if (eh->sub_l != sub_l)
		return false;
	return sched_sleep || !cmp || cmp(eh->map, m) >= 0;
}

/* Whether the held context @eh depends on a wait on @c at @m. */
static bool held_depends(struct dept_ecxt_held *eh, struct dept_class *c,
			 struct dept_map *m, int sub_l, bool sched_sleep)
{
	if (!eh->ecxt)
		return false;
	return eh->class != c || same_class_depends(eh, m, sub_l, sched_sleep);
}

/*
 * What a wait says, as a wait object holds it: the engine compares a
 * wait with the task's recent ones (recent_wait()) before it makes one.
 */
struct wait_desc {
	struct dept_class		*class;
	const char			*wait_fn;
	unsigned long			wait_ip;
	unsigned long			irqf;
	const struct dept_instance	*inst;	/* NULL: none */
	bool				sched_sleep;
	bool				timeout;
};

/* The wait on @c at @ip in the context of kind @cxt, as a wait_desc */
static __always_inline struct wait_desc
describe_wait(struct dept_class *c, int cxt, unsigned long ip,
	      const char *w_fn, const struct dept_instance *inst,
	      bool sched_sleep, long timeout)
{
	return (struct wait_desc){
		.class = c,
		.wait_fn = w_fn,
		.wait_ip = ip,
		.irqf = cxt != DEPT_CXT_PROCESS ? 1UL << cxt : 0UL,
		.inst = inst,
		.sched_sleep = sched_sleep,
		/* -1 and MAX_SCHEDULE_TIMEOUT both mean "no timeout" */
		.timeout = timeout >= 0 && timeout != LONG_MAX,
	};
}

/*
 * Whether the wait @t on @m makes a dependency that is not in the graph
 * yet; add_dep() adds none for a timed wait unless aggressive, or for a
 * dead class.
 */
static __always_inline bool wait_adds_dep(const struct wait_desc *t,
					  struct dept_map *m, int sub_l)
{
	struct dept_task *dt = dept_task();
	int i;

	if (t->timeout && !dept_aggressive_timeout)
		return false;

	for (i = dt->ecxt_held_pos - 1; i >= 0; i--) {
		struct dept_ecxt_held *eh = dt->ecxt_held + i;

		if (held_depends(eh, t->class, m, sub_l, t->sched_sleep) &&
		    !READ_ONCE(eh->class->dead) &&
		    !lookup_dep(eh->class, t->class))
			return true;
	}
	return false;
}

/* A wait's two flags in one word, compared at once. */
static __always_inline unsigned int wait_flags(bool sched_sleep, bool timeout)
{
	return (unsigned int)sched_sleep | (unsigned int)timeout << 1;
}

/*
 * Whether @w says what @t says.  The fields are compared one by one, the
 * one that differs most often between waits first: the sites.  The two
 * flags are compared as one computed word: compilers merge two adjacent
 * bool comparisons into one 16-bit load of @t's flags stored a byte at
 * a time just before, which stalls the load on every wait.
 */
static __always_inline bool same_wait(const struct dept_wait *w,
				      const struct wait_desc *t)
{
	if (w->wait_ip != t->wait_ip || w->class != t->class ||
	    w->wait_fn != t->wait_fn || w->irqf != t->irqf)
		return false;
	if (wait_flags(w->sched_sleep, w->timeout) !=
	    wait_flags(t->sched_sleep, t->timeout))
		return false;
	if (t->inst)
		return same_instance(&w->inst, t->inst);
	return !w->inst.set && !w->inst.pos;
}

/*
 * How far back in the history a wait is looked for to be reused.  A
 * sleep and its wake-up put more than four other waits between two of
 * one site (the sleep's queue lock at its sites, the scheduler's locks,
 * the sleep itself): with four, most waits of a round trip between two
 * tasks were made anew.
 */
#define DEPT_WAIT_REUSE 12

/*
 * A wait of the task's latest ones that says what @t says.  A wait
 * does not change once made, so a wait repeated at one site, the
 * common case of a lock taken in a loop, reuses the object.  No
 * reference is taken: the history's holds it until add_hist(), which
 * takes its own before it drops any.
 */
static __always_inline struct dept_wait *recent_wait(const struct wait_desc *t)
{
	struct dept_task *dt = dept_task();
	unsigned int i;

	for (i = 1; i <= DEPT_WAIT_REUSE; i++) {
		struct dept_wait *w = hist_back(dt, i)->wait;

		if (w && same_wait(w, t))
			return w;
	}
	return NULL;
}

/*
 * A wait as @t describes it, with a stack of its own when it makes a
 * new dependency (@own_stack), which a report may show; else with the
 * stack of its site, which a later report may show too (a wait stays
 * in the history) but which costs no trace past the first.
 */
static __always_inline struct dept_wait *new_wait(const struct wait_desc *t,
						  int cxt, bool own_stack)
{
	struct dept_wait *w = alloc_obj(OBJECT_wait);

	if (!w)
		return NULL;

	*w = (struct dept_wait){
		.class = get_class(t->class),
		.wait_fn = t->wait_fn,
		.irqf = t->irqf,
		.wait_ip = t->wait_ip,
		.sched_sleep = t->sched_sleep,
		.timeout = t->timeout,
	};
	atomic_set(&w->ref, 1);
	if (t->inst)
		w->inst = *t->inst;
	if (cxt != DEPT_CXT_PROCESS)
		w->irq_ip[cxt] = t->wait_ip;
	w->wait_stack = site_stack(w->class, w->wait_ip, w->sched_sleep ?
				   DEPT_STACK_STAGED : DEPT_STACK_WAIT, own_stack);
	return w;
}

/*
 * A wait on @c: every event context the task holds now depends on it,
 * except contexts of the same class nested as the user declared.  It
 * enters the task's history at @wg, or now if @wg is 0.  Inlined into
 * its one caller, for the frames its stack trace skips (site_stack()).
 */
static __always_inline void add_wait(struct dept_class *c, struct dept_map *m,
				     unsigned long ip, const char *w_fn,
				     int sub_l, bool sched_sleep, long timeout,
				     const struct dept_instance *inst,
				     unsigned int wg)
{
	struct dept_task *dt = dept_task();
	int cxt = cur_cxt();
	struct wait_desc t = describe_wait(c, cxt, ip, w_fn, inst, sched_sleep,
					   timeout);
	struct dept_wait *w;
	bool new_dep, made;
	int i;

	new_dep = wait_adds_dep(&t, m, sub_l);
	w = new_dep ? NULL : recent_wait(&t);
	made = !w;
	if (made) {
		w = new_wait(&t, cxt, new_dep);
		if (!w)
			return;
		if (cxt != DEPT_CXT_PROCESS)
			add_iwait(c, cxt, w);
	}

	/* else add_dep() would find each dependency there already */
	for (i = dt->ecxt_held_pos - 1; new_dep && i >= 0; i--) {
		struct dept_ecxt_held *eh = dt->ecxt_held + i;

		if (held_depends(eh, c, m, sub_l, sched_sleep))
			add_dep(eh->ecxt, w);
	}

	add_hist(w, wg, ctxt_id_of(cxt));
	if (made)
		put_wait(w);
}

/*
 * Whether a wait on @m's own class for the one event @w_f repeats the
 * latest wait of the task's history in the current context and makes no
 * new dependency: then add_wait() would only move that entry to @wg, and
 * that is done here, without entering the engine.  That is a lock taken
 * again in a loop, the common case.
 *
 * IRQs stay enabled.  One that comes in after @wg was taken and before
 * the entry is moved appends waits of its own context, with later wgens:
 * the waits of each context stay ordered in the history, which is what
 * do_event() walks.  The entry's wgen is read before anything else of
 * it, and moved only if unchanged: an IRQ that wraps the whole ring and
 * overwrites the entry makes that exchange fail, and the caller enters
 * the engine.
 */
static __always_inline bool wait_repeats(struct dept_map *m, unsigned long w_f,
					 unsigned long ip, const char *w_fn,
					 int sub_l, long timeout,
					 const struct dept_instance *inst,
					 unsigned int wg)
{
	struct dept_wait_hist *wh = hist_back(dept_task(), 1);
	unsigned int old = READ_ONCE(wh->wgen);
	int cxt = cur_cxt();
	/* its class is read below, as an RCU-sched reader */
	struct wait_desc t = describe_wait(NULL, cxt, ip, w_fn, inst, false,
					   timeout);
	struct dept_wait *w;
	bool repeats;

	barrier();
	w = READ_ONCE(wh->wait);
	if (!w || READ_ONCE(wh->ctxt_id) != ctxt_id_of(cxt) ||
	    (w_f & (w_f - 1)) || !own_subclass(sub_l))
		return false;

	/* an RCU-sched reader, of the class and of the dependencies */
	preempt_disable_notrace();
	t.class = own_class(m, evt_idx(w_f));
	repeats = t.class && same_wait(w, &t) && !wait_adds_dep(&t, m, sub_l) &&
		  cmpxchg_local(&wh->wgen, old, wg) == old;
	preempt_enable_notrace();
	return repeats;
}

/*
 * An event context released by the task, kept whole in the free entry
 * of dept_task.ecxt_held[] it left, for the next acquisition at the same
 * site: a lock taken in a loop reuses one object rather than allocating,
 * zeroing, referencing and freeing it each time, as waits are reused.
 *
 * Invariant: an entry at or past ecxt_held_pos is empty but for @ecxt,
 * NULL or a released context that the entry alone refers to (no
 * dependency, IRQ mark or other entry took a reference), so whoever
 * takes it may change it.  It has no event stack: only what
 * dept_ecxt_enter() and dept_map_ecxt_modify() make is held.  It keeps
 * the IRQ marks of its last acquisition, which push_ecxt() keeps when
 * they are those it would make (enirqs_as_now()).  Like the
 * waits of the history, it keeps its class alive until the task drops
 * it: when the entry is pushed again, or at exit.
 */
static struct dept_ecxt *released_ecxt(struct dept_class *c,
				       unsigned long ip, const char *c_fn,
				       const char *e_fn)
{
	struct dept_task *dt = dept_task();
	struct dept_ecxt_held *eh = dt->ecxt_held + dt->ecxt_held_pos;
	struct dept_ecxt *e;

	if (dt->ecxt_held_pos >= DEPT_MAX_ECXT_HELD)
		return NULL;

	e = eh->ecxt;
	if (!e || e->class != c || e->ecxt_ip != ip || e->ecxt_fn != c_fn ||
	    e->event_fn != e_fn)
		return NULL;

	eh->ecxt = NULL;
	return e;
}

/*
 * Keep @e, which the entry @eh released, if the entry alone refers to it
 * and it has the stack its site needs (one that could not have it is
 * dropped, so that the next acquisition there tries again).
 */
static void keep_released_ecxt(struct dept_ecxt_held *eh, struct dept_ecxt *e)
{
	if (atomic_read(&e->ref) == 1 && (!e->ecxt_ip || e->ecxt_stack))
		eh->ecxt = e;
	else
		put_ecxt(e);
}

static struct dept_ecxt *new_ecxt(struct dept_class *c, unsigned long ip,
				  const char *c_fn, const char *e_fn)
{
	struct dept_ecxt *e = alloc_obj(OBJECT_ecxt);

	if (!e)
		return NULL;

	e->class = get_class(c);
	e->ecxt_fn = c_fn;
	e->event_fn = e_fn;
	e->ecxt_ip = ip;
	if (ip)
		e->ecxt_stack = site_stack(c, ip, DEPT_STACK_ECXT, false);
	return e;
}

/*
 * An event context to push: a released one if it fits, else a new one.
 * Inlined: new_ecxt()'s stack trace skips a fixed number of frames
 * (site_stack()), as many as when the callers called it themselves.
 */
static __always_inline struct dept_ecxt *
held_ecxt(struct dept_class *c, unsigned long ip, const char *c_fn,
	  const char *e_fn)
{
	return released_ecxt(c, ip, c_fn, e_fn) ?: new_ecxt(c, ip, c_fn, e_fn);
}

/*
 * @e's context runs with the IRQ kinds in @irqf enabled.  A kind whose
 * mark add_iecxt() could not make stays unmarked, for the context's next
 * acquisition to try again.
 */
static void mark_enirqs(struct dept_ecxt *e, unsigned long irqf)
{
	struct dept_task *dt = dept_task();
	int irq;

	irqf &= ~e->enirqf;
	for_each_set_bit(irq, &irqf, DEPT_CXT_IRQS_NR) {
		if (!add_iecxt(e->class, irq, e))
			continue;
		e->enirqf |= 1UL << irq;
		e->enirq_ip[irq] = dt->enirq_ip[irq];
	}
}

/*
 * Whether @e's IRQ marks are those a context entered now would get: the
 * kinds @irqf enabled, each since where the task last enabled it.  A
 * released context taken again at its site (released_ecxt()) mostly
 * has them already, and its class the marks they made.
 */
static __always_inline bool enirqs_as_now(struct dept_ecxt *e,
					  unsigned long irqf)
{
	struct dept_task *dt = dept_task();
	int irq;

	if (e->enirqf != irqf)
		return false;
	for (irq = 0; irq < DEPT_CXT_IRQS_NR; irq++)
		if (e->enirq_ip[irq] !=
		    (irqf & (1UL << irq) ? dt->enirq_ip[irq] : 0UL))
			return false;
	return true;
}

static void push_ecxt(struct dept_map *m, struct dept_class *c,
		      struct dept_ecxt *e, int sub_l)
{
	struct dept_task *dt = dept_task();
	struct dept_ecxt_held *eh;

	if (dt->ecxt_held_pos >= DEPT_MAX_ECXT_HELD) {
		dt->missing_ecxt++;
		if (e)
			put_ecxt(e);
		return;
	}

	eh = dt->ecxt_held + dt->ecxt_held_pos++;
	/* a released context that was not reused (released_ecxt()) */
	if (eh->ecxt)
		put_ecxt(eh->ecxt);
	eh->ecxt = e;
	eh->map = m;
	eh->class = c;
	/*
	 * The wgen the context began after, for whoever inspects the task:
	 * the engine orders waits by their own wgens and never reads this
	 * one, so it costs a read, not an increment of the shared counter.
	 */
	eh->wgen = dept_wgen_now();
	eh->sub_l = sub_l;

	if (e) {
		unsigned long irqf = cur_enirqf();

		if (!enirqs_as_now(e, irqf)) {
			e->enirqf = 0UL;
			memset(e->enirq_ip, 0, sizeof(e->enirq_ip));
			mark_enirqs(e, irqf);
		}
	}
}

/* The innermost held context of @m whose event is in @e_f, or -1. */
static __always_inline int find_held(struct dept_map *m, unsigned long e_f)
{
	struct dept_task *dt = dept_task();
	int i;

	for (i = dt->ecxt_held_pos - 1; i >= 0; i--) {
		struct dept_ecxt_held *eh = dt->ecxt_held + i;
		int e;

		if (eh->map != m)
			continue;
		if (!eh->class)
			return i;
		e = eh->class->sub_id / DEPT_MAX_SUBCLASSES_USR;
		if ((1UL << e) & e_f)
			return i;
	}
	return -1;
}

static __always_inline void pop_held(int pos)
{
	struct dept_task *dt = dept_task();
	struct dept_ecxt *e = dt->ecxt_held[pos].ecxt;
	struct dept_ecxt_held *freed;

	dt->ecxt_held_pos--;
	/* most often the innermost: nothing to move */
	if (pos < dt->ecxt_held_pos)
		memmove(dt->ecxt_held + pos, dt->ecxt_held + pos + 1,
			(dt->ecxt_held_pos - pos) * sizeof(dt->ecxt_held[0]));
	freed = dt->ecxt_held + dt->ecxt_held_pos;
	*freed = (struct dept_ecxt_held){ };
	if (e)
		keep_released_ecxt(freed, e);
}

/*
 * Whether @w waited for a later instance than @inst of one ordered set of
 * @c's instances: taking those in order cannot deadlock among themselves.
 */
static bool ordered_after(struct dept_wait *w, struct dept_class *c,
			  const struct dept_instance *inst)
{
	return inst && inst->set && w->class == c &&
	       w->inst.set == inst->set && w->inst.pos > inst->pos;
}

/*
 * The event of class @c, awaited since @wg, fires in the current task:
 * every wait this task made since then, in this context, had to end
 * first, so @c depends on each of them, but on a later instance of its
 * own ordered set (@inst, if any).
 */
static void do_event(struct dept_map *real_m, struct dept_class *c,
		     unsigned int wg, unsigned long ip, const char *e_fn,
		     const struct dept_instance *inst)
{
	struct dept_task *dt = dept_task();
	unsigned int ctxt_id = cur_ctxt_id();
	struct dept_ecxt *e = NULL;
	int i;

	if (!wg)
		return;

	/* an explicit event context of the map speaks for it */
	if (find_held(real_m, ~0UL) >= 0)
		return;

	for (i = 1; i <= DEPT_MAX_WAIT_HIST; i++) {
		struct dept_wait_hist *wh = hist_back(dt, i);

		if (!wh->wait || !before(wg, wh->wgen))
			break;
		if (wh->ctxt_id != ctxt_id || ordered_after(wh->wait, c, inst))
			continue;
		if (lookup_dep(c, wh->wait->class))
			continue;

		if (!e) {
			e = new_ecxt(c, 0UL, NULL, e_fn);
			if (!e)
				return;
			e->event_ip = ip;
			e->event_stack = get_current_stack();
		}
		add_dep(e, wh->wait);
	}

	/*
	 * IRQs enabled since the request could have come in before the
	 * event: the event's context ran with them enabled.  Only the
	 * first such context of a class matters (add_iecxt()): no new one
	 * is made for the others.
	 */
	for (i = 0; i < DEPT_CXT_IRQS_NR; i++) {
		if (!irq_since(cur_enirqf(), i, wg))
			continue;
		if (!e && READ_ONCE(c->iecxt[i].ecxt))
			continue;
		if (!e) {
			e = new_ecxt(c, 0UL, NULL, e_fn);
			if (!e)
				return;
			e->event_ip = ip;
			e->event_stack = get_current_stack();
		}
		mark_enirqs(e, 1UL << i);
	}

	if (e)
		put_ecxt(e);
}

/* ---------------------------------------------------------------------
 * Maps and keys
 * ---------------------------------------------------------------------
 */

static void clear_map_cache(struct dept_map *m)
{
	int i;

	for (i = 0; i < DEPT_MAX_SUBCLASSES_CACHE; i++)
		WRITE_ONCE(m->map_key.classes[i], NULL);
}

void dept_map_init(struct dept_map *m, struct dept_key *k, int sub_u,
		   const char *n)
{
	if (sub_u < 0 || sub_u >= DEPT_MAX_SUBCLASSES_USR)
		sub_u = 0;

	m->name = n;
	m->keys = k;
	m->sub_u = sub_u;
	clear_map_cache(m);
	m->wgen = 0U;
	m->nocheck = !valid_key(k);
}
EXPORT_SYMBOL_GPL(dept_map_init);

void dept_map_reinit(struct dept_map *m, struct dept_key *k, int sub_u,
		     const char *n)
{
	if (k) {
		m->keys = k;
		m->nocheck = !valid_key(k);
		clear_map_cache(m);
	}
	if (n)
		m->name = n;
	if (sub_u >= 0 && sub_u < DEPT_MAX_SUBCLASSES_USR &&
	    sub_u != m->sub_u) {
		m->sub_u = sub_u;
		clear_map_cache(m);
	}
}
EXPORT_SYMBOL_GPL(dept_map_reinit);

void dept_ext_wgen_init(struct dept_ext_wgen *ewg)
{
	ewg->wgen = 0U;
}
EXPORT_SYMBOL_GPL(dept_ext_wgen_init);

/*
 * A copy names the same classes as the original.  A map keyed by its
 * own storage cannot be copied that way: the copy is not checked.
 */
void dept_map_copy(struct dept_map *to, struct dept_map *from)
{
	*to = *from;
	to->wgen = 0U;
	if (!from->keys)
		to->nocheck = true;
}
EXPORT_SYMBOL_GPL(dept_map_copy);

void dept_key_init(struct dept_key *k)
{
	memset(k, 0, sizeof(*k));
}
EXPORT_SYMBOL_GPL(dept_key_init);

/*
 * @cmp orders the maps of @m's classes, as lockdep_set_lock_cmp_fn()
 * does for lockdep: holding one while waiting for another that comes
 * after it is the user's declared nesting, not a dependency.
 */
void dept_map_set_cmp_fn(struct dept_map *m, dept_cmp_fn_t cmp)
{
	unsigned long flags;
	int e;

	if (!dept_may_enter() || m->nocheck)
		return;

	flags = dept_enter();
	for (e = 0; e < DEPT_MAX_SUBCLASSES_EVT; e++) {
		struct dept_class *c = map_class(m, 1UL << e, 0, false);

		if (c)
			WRITE_ONCE(c->cmp_fn, cmp);
	}
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(dept_map_set_cmp_fn);

/* ---------------------------------------------------------------------
 * The API: waits, events and event contexts
 * ---------------------------------------------------------------------
 */

static void wait_classes(struct dept_map *m, unsigned long w_f,
			 unsigned long ip, const char *w_fn, int sub_l,
			 bool sched_sleep, bool sched_map, long timeout,
			 const struct dept_instance *inst, unsigned int wg)
{
	int e;

	for_each_set_bit(e, &w_f, DEPT_MAX_SUBCLASSES_EVT) {
		struct dept_class *c = map_class(m, 1UL << e, sub_l,
						 sched_map);

		if (c)
			add_wait(c, m, ip, w_fn, sub_l, sched_sleep, timeout,
				 inst, wg);
	}
}

void __dept_wait(struct dept_map *m, unsigned long w_f, unsigned long ip,
		 const char *w_fn, int sub_l, long timeout)
{
	unsigned long flags;
	unsigned int wg;

	if (!dept_may_enter() || m->nocheck)
		return;

	wg = next_wgen();
	if (wait_repeats(m, w_f, ip, w_fn, sub_l, timeout, NULL, wg))
		return;

	flags = dept_enter();
	wait_classes(m, w_f, ip, w_fn, sub_l, false, false, timeout, NULL, wg);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_wait);

/* dept_wait() on the instance @inst of @m's class's ordered instances */
void __dept_wait_instance(struct dept_map *m, unsigned long w_f,
			  unsigned long ip, const char *w_fn, long timeout,
			  const struct dept_instance *inst)
{
	unsigned long flags;
	unsigned int wg;

	if (!dept_may_enter() || m->nocheck)
		return;

	wg = next_wgen();
	if (wait_repeats(m, w_f, ip, w_fn, 0, timeout, inst, wg))
		return;

	flags = dept_enter();
	wait_classes(m, w_f, ip, w_fn, 0, false, false, timeout, inst, wg);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_wait_instance);

/*
 * A bit lock taken at once (folio_lock(), lock_buffer()): its wait on
 * the instance @inst, and the request of the event its unlock will be,
 * in one entry.  The request takes the wgen the wait entered the
 * history with: the event depends on the waits made after the request,
 * and the lock's own wait is not one of them.
 */
void __dept_wait_request_instance(struct dept_map *m, unsigned long w_f,
				  unsigned long ip, const char *w_fn,
				  const struct dept_instance *inst,
				  struct dept_ext_wgen *ewg)
{
	unsigned long flags;
	unsigned int wg;

	if (!dept_working() || m->nocheck)
		return;

	wg = next_wgen();
	if (dept_may_enter() &&
	    !wait_repeats(m, w_f, ip, w_fn, 0, -1L, inst, wg)) {
		flags = dept_enter();
		wait_classes(m, w_f, ip, w_fn, 0, false, false, -1L, inst, wg);
		dept_exit(flags);
	}
	WRITE_ONCE(ewg->wgen, wg);
}
EXPORT_SYMBOL_GPL(__dept_wait_request_instance);

/*
 * Push the event context of @m's events @e_f.  Even unchecked maps push
 * an entry, so that the release that comes later finds it and leaves
 * the others alone.  Inlined into both entry points, for the frames the
 * stack trace of a new context skips (site_stack()).
 */
static __always_inline void enter_ecxt(struct dept_map *m, unsigned long e_f,
				       unsigned long ip, const char *c_fn,
				       const char *e_fn, int sub_l)
{
	struct dept_class *c = NULL;
	struct dept_ecxt *e = NULL;

	if (e_f && !m->nocheck) {
		c = map_class(m, e_f, sub_l, false);
		e = c ? held_ecxt(c, ip, c_fn, e_fn) : NULL;
		if (!e) {
			dept_task()->missing_ecxt++;
			return;
		}
	}
	push_ecxt(m, c, e, sub_l);
}

void __dept_ecxt_enter(struct dept_map *m, unsigned long e_f,
		       unsigned long ip, const char *c_fn, const char *e_fn,
		       int sub_l)
{
	unsigned long flags;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	enter_ecxt(m, e_f, ip, c_fn, e_fn, sub_l);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_ecxt_enter);

bool __dept_ecxt_holding(struct dept_map *m, unsigned long e_f)
{
	unsigned long flags;
	bool ret;

	if (!dept_may_enter())
		return false;

	flags = dept_enter();
	ret = find_held(m, e_f) >= 0;
	dept_exit(flags);
	return ret;
}
EXPORT_SYMBOL_GPL(__dept_ecxt_holding);

static __always_inline void exit_ecxt(struct dept_map *m, unsigned long e_f)
{
	struct dept_task *dt = dept_task();
	int pos = find_held(m, e_f);

	if (pos >= 0)
		pop_held(pos);
	else if (dt->missing_ecxt)
		dt->missing_ecxt--;
}

void __dept_ecxt_exit(struct dept_map *m, unsigned long e_f,
		      unsigned long ip)
{
	unsigned long flags;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	exit_ecxt(m, e_f);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_ecxt_exit);

/* ---------------------------------------------------------------------
 * Locks: the acquisitions and releases lockdep's maps describe
 * ---------------------------------------------------------------------
 */

/*
 * Whether acquiring @m under the nest lock @nest adds no dependency, as
 * lockdep decides in check_deadlock(): when an instance of @m's class is
 * held and the first one held was taken after @nest.  The nest lock (a
 * ww_mutex acquire context, the lock given to *_lock_nest_lock())
 * serializes the instances taken under it, or the wound/wait algorithm
 * backs one of them off, so they never wait for each other for good, and
 * lockdep records nothing for them.  An instance held from before the
 * nest lock is outside that order: the acquisition then waits as any
 * other.  A nest lock that is not held at all is a misuse that lockdep
 * reports of its own; DEPT takes the caller's word for the order.
 */
static bool nest_covered(struct dept_map *m, unsigned long e_f,
			 struct dept_map *nest)
{
	struct dept_task *dt = dept_task();
	int first = -1, nest_pos = -1;
	struct dept_class *c;
	int i;

	if (m->nocheck)
		return false;

	c = map_class(m, e_f, 0, false);
	for (i = 0; c && i < dt->ecxt_held_pos; i++) {
		struct dept_ecxt_held *eh = dt->ecxt_held + i;

		if (eh->map == nest && nest_pos < 0)
			nest_pos = i;
		if (eh->class == c && first < 0)
			first = i;
	}
	return first >= 0 && nest_pos < first;
}

/* an acquisition of each LDT_* kind, indexed by it */
static const struct ldt_kind {
	unsigned long w_f;	/* the events it waits for */
	unsigned long e_f;	/* the events its release is */
	const char *fn;		/* its name, as a wait and as a context */
	const char *try_fn;	/* as a context entered by a trylock */
	const char *release_fn;	/* its release's name */
} ldt_kinds[] = {
	[LDT_LOCK] = { LDT_EVT_L, LDT_EVT_L, "lock", "trylock", "unlock" },
	[LDT_RLOCK] = { LDT_EVT_W, LDT_EVT_R, "read_lock", "read_trylock",
			"read_unlock" },
	[LDT_RLOCK_Q] = { LDT_EVT_RW, LDT_EVT_R, "read_lock", "read_trylock",
			  "read_unlock" },
	[LDT_WLOCK] = { LDT_EVT_RW, LDT_EVT_W, "write_lock", "write_trylock",
			"write_unlock" },
};

/*
 * The acquisition @op of @m: the wait for the events that exclude it,
 * then its own event context, which its release ends.  A trylock does
 * not wait.  A reader or a writer under a nest lock only marks its
 * place, for the release to find; a lock under a nest lock that
 * serializes it does not wait.  Inlined into both entries, for the
 * frames site_stack() skips.
 */
static __always_inline void ldt_acquire(struct dept_map *m, unsigned int op,
					int sub_l, bool t,
					struct dept_map *nest,
					unsigned long ip)
{
	const struct ldt_kind *k = &ldt_kinds[op];

	if (nest && op != LDT_LOCK) {
		enter_ecxt(m, 0UL, 0UL, NULL, NULL, 0);
		return;
	}
	if (t) {
		enter_ecxt(m, k->e_f, ip, k->try_fn, k->release_fn, sub_l);
		return;
	}
	if (!m->nocheck && !(nest && nest_covered(m, k->e_f, nest)))
		wait_classes(m, k->w_f, ip, k->fn, sub_l, false, false, -1L,
			     NULL, 0U);
	enter_ecxt(m, k->e_f, ip, k->fn, k->release_fn, sub_l);
}

void __dept_ldt_acquire(struct dept_map *m, unsigned int op, int sub_l,
			bool t, struct dept_map *nest, unsigned long ip)
{
	unsigned long flags;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	ldt_acquire(m, op, sub_l, t, nest, ip);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_ldt_acquire);

void __dept_ldt_acquire_irqsoff(struct dept_map *m, unsigned int op,
				int sub_l, bool t, struct dept_map *nest,
				unsigned long ip, unsigned long flags)
{
	if (!dept_may_enter())
		return;

	dept_enter_irqsoff(flags);
	ldt_acquire(m, op, sub_l, t, nest, ip);
	dept_exit_irqsoff();
}

void __dept_ldt_release_irqsoff(struct dept_map *m, unsigned long ip,
				unsigned long flags)
{
	if (!dept_may_enter())
		return;

	dept_enter_irqsoff(flags);
	exit_ecxt(m, LDT_EVT_ALL);
	dept_exit_irqsoff();
}

void __dept_map_ecxt_modify(struct dept_map *m, unsigned long e_f,
			    struct dept_key *new_k, unsigned long new_e_f,
			    unsigned long new_ip, const char *new_c_fn,
			    const char *new_e_fn, int new_sub_l)
{
	struct dept_task *dt = dept_task();
	struct dept_ecxt_held *eh;
	struct dept_class *c = NULL;
	struct dept_ecxt *e = NULL;
	unsigned long flags;
	int pos;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	pos = find_held(m, e_f);
	if (pos < 0) {
		if (new_k)
			dept_map_reinit(m, new_k, -1, NULL);
		goto exit;
	}

	eh = dt->ecxt_held + pos;
	if (!new_e_f)
		new_e_f = eh->class ?
			1UL << (eh->class->sub_id / DEPT_MAX_SUBCLASSES_USR) :
			0UL;
	if (new_sub_l < 0)
		new_sub_l = eh->sub_l;
	pop_held(pos);

	if (new_k)
		dept_map_reinit(m, new_k, -1, NULL);

	if (new_e_f && !m->nocheck) {
		c = map_class(m, new_e_f, new_sub_l, false);
		e = c ? held_ecxt(c, new_ip, new_c_fn, new_e_fn) : NULL;
		if (!e) {
			dt->missing_ecxt++;
			goto exit;
		}
	}
	push_ecxt(m, c, e, new_sub_l);
exit:
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_map_ecxt_modify);

void __dept_request_event(struct dept_map *m, struct dept_ext_wgen *ewg)
{
	if (!dept_working() || m->nocheck)
		return;

	WRITE_ONCE(*(ewg ? &ewg->wgen : &m->wgen), next_wgen());
}
EXPORT_SYMBOL_GPL(__dept_request_event);

static void event_classes(struct dept_map *m, struct dept_map *real_m,
			  unsigned long e_f, unsigned long ip,
			  const char *e_fn, bool sched_map, unsigned int wg,
			  const struct dept_instance *inst)
{
	struct dept_class *c = map_class(m, e_f, 0, sched_map);

	if (c)
		do_event(real_m, c, wg, ip, e_fn, inst);
}

/*
 * Whether @c, if any, has an IRQ-enabled event context of every kind the
 * caller has had enabled since @wg: do_event() would add no mark.
 */
static __always_inline bool class_marked(struct dept_class *c,
					 unsigned int wg)
{
	unsigned long enirqf = enirqf_of(irqs_disabled());
	int i;

	if (!c)
		return false;
	for (i = 0; i < DEPT_CXT_IRQS_NR; i++) {
		if (!irq_since(enirqf, i, wg))
			continue;
		if (!READ_ONCE(c->iecxt[i].ecxt))
			return false;
	}
	return true;
}

/*
 * Whether the event of @m's event @e_f, requested at @wg, would add
 * nothing, told from the task's own state without entering the engine:
 * no wait entered the task's history since the request (do_event()
 * stops at the latest entry), and the class is already marked for every
 * IRQ kind enabled since.  That is an unlock right after its lock, the
 * common case.  The state may change under an IRQ meanwhile: it can
 * only add a wait of its own context, which do_event() skips and which
 * sends the caller into the engine, or a mark to the class.
 */
static __always_inline bool event_adds_nothing(struct dept_map *m,
					       unsigned long e_f,
					       unsigned int wg)
{
	struct dept_task *dt = dept_task();
	struct dept_wait_hist *wh = hist_back(dt, 1);
	int e = evt_idx(e_f);
	bool nothing;

	if (!wg)
		return true;
	if (READ_ONCE(wh->wait) && before(wg, READ_ONCE(wh->wgen)))
		return false;

	/* an RCU-sched reader: classes are freed after a grace period */
	preempt_disable_notrace();
	nothing = class_marked(own_class(m, e), wg);
	preempt_enable_notrace();
	return nothing;
}

/* dept_event() of the instance @inst of @m's class's ordered instances */
void __dept_event_instance(struct dept_map *m, unsigned long e_f,
			   unsigned long ip, const char *e_fn,
			   struct dept_ext_wgen *ewg,
			   const struct dept_instance *inst)
{
	unsigned int *wg_p;
	unsigned long flags;

	if (!dept_working() || m->nocheck)
		return;

	wg_p = ewg ? &ewg->wgen : &m->wgen;
	if (event_adds_nothing(m, e_f, READ_ONCE(*wg_p)) ||
	    !dept_may_enter()) {
		/* nothing to follow, or cannot follow it: forget the request */
		WRITE_ONCE(*wg_p, 0U);
		return;
	}

	flags = dept_enter();
	if (!dept_task()->skip_event)
		event_classes(m, m, e_f, ip, e_fn, false, READ_ONCE(*wg_p),
			      inst);
	/* the next wait requests the event again */
	WRITE_ONCE(*wg_p, 0U);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_event_instance);

void __dept_event(struct dept_map *m, unsigned long e_f, unsigned long ip,
		  const char *e_fn, struct dept_ext_wgen *ewg)
{
	__dept_event_instance(m, e_f, ip, e_fn, ewg, NULL);
}
EXPORT_SYMBOL_GPL(__dept_event);

/* ---------------------------------------------------------------------
 * Staged waits: sleeps that the scheduler commits
 * ---------------------------------------------------------------------
 */

static void stage_lock(struct dept_task *dt)
{
	while (atomic_cmpxchg_acquire(&dt->stage_lock, 0, 1))
		cpu_relax();
}

static void stage_unlock(struct dept_task *dt)
{
	atomic_set_release(&dt->stage_lock, 0);
}

static void clear_stage(struct dept_task *dt)
{
	memset(&dt->stage_m, 0, sizeof(dt->stage_m));
	dt->stage_real_m = NULL;
	dt->stage_sched_map = false;
	dt->stage_w_fn = NULL;
	dt->stage_ip = 0UL;
	dt->stage_timeout = 0L;
}

void __dept_stage_wait(struct dept_map *m, struct dept_key *k,
		       unsigned long ip, const char *w_fn, long timeout)
{
	struct dept_task *dt = dept_task();
	unsigned long flags;

	if (!dept_may_enter())
		return;
	if (m && m->nocheck)
		return;

	flags = dept_enter();
	stage_lock(dt);
	clear_stage(dt);
	if (m) {
		dt->stage_m.name = m->name;
		dt->stage_m.sub_u = m->sub_u;
		/*
		 * Key by the original's key address so that every stage
		 * of this map names the same class, and keep its cache.
		 */
		dt->stage_m.keys = k ?: map_key(m);
		if (!k)
			dt->stage_m.map_key = m->map_key;
	} else {
		dt->stage_m.name = w_fn;
		dt->stage_m.keys = k;
		dt->stage_sched_map = true;
	}
	dt->stage_real_m = m;
	dt->stage_w_fn = w_fn;
	dt->stage_ip = ip;
	dt->stage_timeout = timeout;
	stage_unlock(dt);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_stage_wait);

void __dept_clean_stage(void)
{
	struct dept_task *dt = dept_task();
	unsigned long flags;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	stage_lock(dt);
	clear_stage(dt);
	stage_unlock(dt);
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_clean_stage);

/*
 * __schedule() is about to put the task to sleep: the staged wait is
 * real.  Request its event, then record the wait.
 */
void __dept_request_event_wait_commit(void)
{
	struct dept_task *dt = dept_task();
	struct dept_map m;
	unsigned long flags;
	bool sched_map;
	long timeout;
	unsigned long ip;
	const char *w_fn;

	if (!dept_may_enter())
		return;

	flags = dept_enter();
	stage_lock(dt);
	if (!dt->stage_m.keys) {
		stage_unlock(dt);
		goto exit;
	}
	dt->stage_m.wgen = next_wgen();
	m = dt->stage_m;
	sched_map = dt->stage_sched_map;
	timeout = dt->stage_timeout;
	ip = dt->stage_ip;
	w_fn = dt->stage_w_fn;
	stage_unlock(dt);

	/*
	 * The wait enters the history at the commit's wgen: a waker may
	 * take the stage as soon as it is unlocked, and then requests of
	 * its own, made after this commit, must not find this wait after
	 * them.
	 */
	wait_classes(&m, 1UL, ip, w_fn, 0, true, sched_map, timeout, NULL,
		     m.wgen);

	/* keep what the wait cached for the next commit */
	stage_lock(dt);
	if (dt->stage_m.keys == m.keys)
		dt->stage_m.map_key = m.map_key;
	stage_unlock(dt);
exit:
	dept_exit(flags);
}

/*
 * The waker's side of a staged wait: waking @requestor is the event the
 * committed wait was for.  Of concurrent wakers, the first one consumes
 * the stage.  A wake-up that comes before the commit (the task set its
 * sleeping state, not yet in __schedule()) ends the stage: the task
 * will not sleep on it, and a wait committed afterwards would stand in
 * its history with no event, as if the task had slept past its waker.
 * Wake-ups from inside __schedule() are not events of sleeps: the
 * scheduler itself does not wait for them.
 */
void __dept_ttwu_stage_wait(struct task_struct *requestor, unsigned long ip)
{
	struct dept_task *dt = dept_task();
	struct dept_task *rdt = &requestor->dept_task;
	struct dept_map *real_m;
	struct dept_map m;
	unsigned long flags;
	bool sched_map;

	if (!dept_may_enter() || dt->in_sched || rdt == dt)
		return;

	flags = dept_enter();
	stage_lock(rdt);
	m = rdt->stage_m;
	real_m = rdt->stage_real_m;
	sched_map = rdt->stage_sched_map;
	if (m.keys && !m.wgen)
		clear_stage(rdt);
	else
		rdt->stage_m.wgen = 0U;
	stage_unlock(rdt);

	if (m.keys && m.wgen && !dt->skip_event)
		event_classes(&m, real_m, 1UL, ip, "try_to_wake_up",
			      sched_map, m.wgen, NULL);
	dept_exit(flags);
}

void __dept_sched_enter(void)
{
	dept_task()->in_sched = true;
}

void __dept_sched_exit(void)
{
	dept_task()->in_sched = false;
}

/* ---------------------------------------------------------------------
 * Recover dependencies between event sites
 * ---------------------------------------------------------------------
 */

static bool within(const void *addr, void *start, unsigned long size)
{
	return addr >= start && addr < start + size;
}

/*
 * Every recover dependency declared, including those refused because a
 * site was never used, so that dept_free_range() finds them.  Under
 * dept_spin, as are the sites' dep lists and BFS fields.
 */
static LIST_HEAD(dept_esds);

void dept_mark_event_sites_used(struct dept_event_site_init **start,
				unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct dept_event_site *es = start[i]->evt_site;

		WRITE_ONCE(es->func_name, start[i]->func_name);
		WRITE_ONCE(es->used, true);
	}
}

/*
 * Whether @new closes a cycle: its event site is reachable from its
 * recover site.  The sites on the way record their parent.
 */
static bool recover_cycle(struct dept_event_site_dep *new)
{
	struct dept_event_site *root = new->recover_site;
	bool found = false;
	LIST_HEAD(queue);

	if (!++bfs_gen)
		++bfs_gen;

	root->bfs_gen = bfs_gen;
	root->bfs_parent = new->evt_site;
	list_add_tail(&root->bfs_node, &queue);

	while (!list_empty(&queue)) {
		struct dept_event_site *es, *next;
		struct dept_event_site_dep *esd;

		es = list_first_entry(&queue, struct dept_event_site, bfs_node);
		list_del_init(&es->bfs_node);
		if (found)
			continue;
		if (es == new->evt_site) {
			found = true;
			continue;
		}

		list_for_each_entry(esd, &es->dep_head, dep_node) {
			next = esd->recover_site;
			if (next->bfs_gen == bfs_gen)
				continue;
			next->bfs_gen = bfs_gen;
			next->bfs_parent = es;
			list_add_tail(&next->bfs_node, &queue);
		}
	}
	return found;
}

/* The cycle that @new closed, from its event site round to it again. */
static void print_recover_cycle(struct dept_event_site_dep *new)
{
	struct dept_event_site *path[DEPT_MAX_CYCLE_PRINT];
	struct dept_event_site *es = new->evt_site;
	int nr = 0;
	int i;

	do {
		path[nr++] = es;
		es = es->bfs_parent;
	} while (es != new->evt_site && nr < DEPT_MAX_CYCLE_PRINT);

	WRITE_ONCE(dept_reporting, 1);
	dept_nr_reports++;
	pr_warn("===================================================\n");
	pr_warn("DEPT: Circular recover dependency has been detected.\n");
	pr_warn("%s %s\n", init_utsname()->release, print_tainted());
	pr_warn("---------------------------------------------------\n");
	pr_warn("summary\n");
	pr_warn("---------------------------------------------------\n");
	pr_warn("*** each event site waits for the next to recover it ***\n");
	pr_warn("\n");
	/* path[] runs backwards: each site was reached from the one after it */
	for (i = 0; i < nr; i++) {
		struct dept_event_site *from = path[(nr - i) % nr];
		struct dept_event_site *to = path[nr - 1 - i];

		pr_warn("event site(%s@%s) is recovered by event site(%s@%s)\n",
			from->name, from->func_name ?: "(unknown)",
			to->name, to->func_name ?: "(unknown)");
	}
	pr_warn("---------------------------------------------------\n");
	pr_warn("information that might be helpful\n");
	pr_warn("---------------------------------------------------\n");
	dump_stack();
	WRITE_ONCE(dept_reporting, 0);
}

void __dept_recover_event(struct dept_event_site_dep *esd,
			  struct dept_event_site *es,
			  struct dept_event_site *rs)
{
	struct dept_event_site *unused = NULL;
	unsigned long flags;

	if (!dept_may_enter() || READ_ONCE(esd->evt_site))
		return;

	flags = dept_enter();
	if (!dept_lock())
		goto exit;
	/* another task may have declared it meanwhile */
	if (esd->evt_site)
		goto unlock;

	WRITE_ONCE(esd->evt_site, es);
	esd->recover_site = rs;
	list_add(&esd->all_node, &dept_esds);

	if (!READ_ONCE(es->used))
		unused = es;
	else if (!READ_ONCE(rs->used))
		unused = rs;
	if (unused)
		goto unlock;

	list_add(&esd->dep_node, &es->dep_head);
	list_add(&esd->dep_rev_node, &rs->dep_rev_head);
	if (recover_cycle(esd))
		print_recover_cycle(esd);
unlock:
	dept_unlock();
	if (unused) {
		pr_warn("DEPT_INFO: dept_event_site %s has never been used.\n",
			unused->name);
		pr_warn("DEPT_WARN: Cannot track recover dependency with events that never used.\n");
		dump_stack();
	}
exit:
	dept_exit(flags);
}
EXPORT_SYMBOL_GPL(__dept_recover_event);

/*
 * event_site() of @es: while its event runs, the task's events are not
 * tracked if another site recovers @es.  Returns whether it counts.
 */
bool __dept_skip_event_begin(struct dept_event_site *es)
{
	if (!dept_working() || list_empty(&es->dep_head))
		return false;

	dept_task()->skip_event++;
	return true;
}
EXPORT_SYMBOL_GPL(__dept_skip_event_begin);

void dept_skip_event_end(void)
{
	dept_task()->skip_event--;
}
EXPORT_SYMBOL_GPL(dept_skip_event_end);

/* Forget the recover dependencies that name anything in the range. */
static void free_esd_range(void *start, unsigned long sz)
{
	struct dept_event_site_dep *esd, *n;

	list_for_each_entry_safe(esd, n, &dept_esds, all_node) {
		if (!within(esd, start, sz) &&
		    !within(esd->evt_site, start, sz) &&
		    !within(esd->recover_site, start, sz))
			continue;

		list_del_init(&esd->all_node);
		list_del_init(&esd->dep_node);
		list_del_init(&esd->dep_rev_node);
		/* a later dept_recover_event() there declares it anew */
		WRITE_ONCE(esd->evt_site, NULL);
	}
}

/* ---------------------------------------------------------------------
 * IRQ state and contexts
 * ---------------------------------------------------------------------
 */

/*
 * IRQs of kind @irq are about to be enabled at @ip: stamp the moment,
 * and the event contexts held now run with them enabled from here on.
 */
static void enirq_transition(int irq, unsigned long ip, unsigned long irqf)
{
	struct dept_task *dt = dept_task();
	unsigned long flags;
	int i;

	if (!dept_may_enter() || !irqf)
		return;

	flags = dept_enter();
	dt->wgen_enirq[irq] = next_wgen();
	dt->enirq_ip[irq] = ip;
	for (i = 0; i < dt->ecxt_held_pos; i++)
		if (dt->ecxt_held[i].ecxt)
			mark_enirqs(dt->ecxt_held[i].ecxt, irqf);
	dept_exit(flags);
}

/* Called with hardirqs still disabled, just before they are enabled. */
void __dept_hardirqs_on(void)
{
	enirq_transition(DEPT_CXT_HIRQ, _RET_IP_,
			 DEPT_HIRQF | softirqs_if_enabled());
}

/* Called while the softirq count still holds the last BH disabling. */
void __dept_softirqs_on_ip(unsigned long ip)
{
	enirq_transition(DEPT_CXT_SIRQ, ip, irqs_disabled() ? 0UL : DEPT_SIRQF);
}

/*
 * Each entry from user space starts a new process context, as does a
 * work item, and a loop device's request completed by its worker.
 */
void noinstr __dept_update_cxt(void)
{
	dept_task()->cxt_id[DEPT_CXT_PROCESS] += 1U << DEPT_CXTS_NR;
}
EXPORT_SYMBOL_GPL(__dept_update_cxt);

/* Called on the outermost softirq entry. */
void __dept_softirq_enter(void)
{
	dept_task()->cxt_id[DEPT_CXT_SIRQ] += 1U << DEPT_CXTS_NR;
}

/* Called on the outermost hardirq entry. */
void noinstr __dept_hardirq_enter(void)
{
	dept_task()->cxt_id[DEPT_CXT_HIRQ] += 1U << DEPT_CXTS_NR;
}

/*
 * dept_off()/dept_on() bracket NMIs, where the engine must not run: the
 * recursion counter keeps every entry point out.
 */
void noinstr dept_off(void)
{
	dept_task()->recursive++;
}

void noinstr dept_on(void)
{
	dept_task()->recursive--;
}

/* ---------------------------------------------------------------------
 * Tasks
 * ---------------------------------------------------------------------
 */

void dept_task_init(struct task_struct *t)
{
	struct dept_task *dt = &t->dept_task;

	memset(dt, 0, sizeof(*dt));
	atomic_set(&dt->stage_lock, 0);
}

/* Drop what the exiting task holds; it tracks nothing from now on. */
void dept_task_exit(struct task_struct *t)
{
	struct dept_task *dt = &t->dept_task;
	unsigned long flags;
	int i;

	raw_local_irq_save(flags);
	dt->recursive++;
	/* the released contexts kept past ecxt_held_pos too */
	for (i = 0; i < DEPT_MAX_ECXT_HELD; i++)
		if (dt->ecxt_held[i].ecxt)
			put_ecxt(dt->ecxt_held[i].ecxt);
	memset(dt->ecxt_held, 0, sizeof(dt->ecxt_held));
	dt->ecxt_held_pos = 0;

	for (i = 0; i < DEPT_MAX_WAIT_HIST; i++) {
		if (dt->wait_hist[i].wait)
			put_wait(dt->wait_hist[i].wait);
		dt->wait_hist[i].wait = NULL;
	}

	stage_lock(dt);
	clear_stage(dt);
	stage_unlock(dt);

	dt->task_exit = true;
	dt->recursive--;
	raw_local_irq_restore(flags);
}

/* ---------------------------------------------------------------------
 * Forgetting classes: key destruction and module unload
 * ---------------------------------------------------------------------
 */

static void put_dep_rcu(struct rcu_head *rh)
{
	put_dep(container_of(rh, struct dept_dep, rh));
}

static void put_class_rcu(struct rcu_head *rh)
{
	put_class(container_of(rh, struct dept_class, rh));
}

/* Unlink every dependency of @c.  Called under dept_spin. */
static void disconnect_class(struct dept_class *c)
{
	struct dept_dep *d, *n;

	list_for_each_entry_safe(d, n, &c->dep_head, dep_node) {
		list_del_rcu(&d->dep_node);
		list_del_rcu(&d->dep_rev_node);
		hlist_del_rcu(&d->hash_node);
		call_rcu(&d->rh, put_dep_rcu);
	}
	list_for_each_entry_safe(d, n, &c->dep_rev_head, dep_rev_node) {
		list_del_rcu(&d->dep_node);
		list_del_rcu(&d->dep_rev_node);
		hlist_del_rcu(&d->hash_node);
		call_rcu(&d->rh, put_dep_rcu);
	}
}

/* Drop @c's iecxts and iwaits, which refer back to @c.  Under dept_spin. */
static void drop_irq_marks(struct dept_class *c)
{
	int irq;

	for (irq = 0; irq < DEPT_CXT_IRQS_NR; irq++) {
		struct dept_iecxt *ie = &c->iecxt[irq];
		struct dept_iwait *iw = &c->iwait[irq];

		if (ie->ecxt) {
			if (!ie->staled)
				nr_iecxt[irq]--;
			put_ecxt(ie->ecxt);
			ie->ecxt = NULL;
		}
		if (iw->wait) {
			if (!iw->staled)
				nr_iwait[irq]--;
			put_wait(iw->wait);
			iw->wait = NULL;
		}
	}
}

/* An object handed out has a reference count: see alloc_obj(). */
static bool obj_live(void *obj)
{
	return atomic_read((atomic_t *)(obj + sizeof(struct dept_pool_node)));
}

/*
 * Call @fn on every object of pool @t handed out now: the boot array's
 * part handed out so far, and the chunks refilled for @t.  Chunks are
 * only ever added at the head of the list, so the list read under
 * dept_pool_spin stays walkable without it.
 */
static void for_each_live_obj(enum dept_object t,
			      void (*fn)(void *obj, void *start, unsigned int sz),
			      void *start, unsigned int sz)
{
	struct dept_pool *p = &dept_pool[t];
	int nr = min(atomic_read(&p->spool_used), p->obj_nr);
	struct dept_chunk *chunk;
	int i;

	for (i = 0; i < nr; i++) {
		void *obj = p->spool + (size_t)i * p->obj_sz;

		if (obj_live(obj))
			fn(obj, start, sz);
	}

	arch_spin_lock(&dept_pool_spin);
	chunk = dept_chunks;
	arch_spin_unlock(&dept_pool_spin);
	for (; chunk; chunk = chunk->next) {
		if (chunk->pool != p)
			continue;
		for (i = 0; i < chunk->nr; i++) {
			void *obj = (void *)(chunk + 1) + (size_t)i * p->obj_sz;

			if (obj_live(obj))
				fn(obj, start, sz);
		}
	}
}

static void forget_wait_name(void *obj, void *start, unsigned int sz)
{
	struct dept_wait *w = obj;

	if (within(w->wait_fn, start, sz))
		WRITE_ONCE(w->wait_fn, NULL);
}

static void forget_ecxt_names(void *obj, void *start, unsigned int sz)
{
	struct dept_ecxt *e = obj;

	if (within(e->ecxt_fn, start, sz))
		WRITE_ONCE(e->ecxt_fn, NULL);
	if (within(e->event_fn, start, sz))
		WRITE_ONCE(e->event_fn, NULL);
}

/*
 * Forget the classes whose key or name lies in [start, start + sz).
 * Tasks may still hold waits and contexts of them: those keep the
 * objects alive, marked dead, until they are dropped.
 *
 * With @names, the range is code and data that goes away (a module's):
 * the function names of waits and event contexts are string literals of
 * the code that made them, while their classes may outlive that code (a
 * module waiting on a lock of the kernel's or of another module's,
 * through an inline such as percpu_down_read()): a dependency of such
 * classes keeps the wait or the context, and a report would print a name
 * the unloaded module took with it.  Those names are forgotten, to print
 * as "(unknown)".  A key's range holds no such name: no walk for it.
 */
static void free_range(void *start, unsigned int sz, bool names)
{
	struct dept_class *c, *n;
	struct dept_stack *s;
	unsigned long flags;

	if (!READ_ONCE(dept_ready))
		return;

	raw_local_irq_save(flags);
	dept_task()->recursive++;
	while (!arch_spin_trylock(&dept_spin))
		cpu_relax();

	list_for_each_entry_safe(c, n, &dept_classes, all_node) {
		if (!within((void *)c->key, start, sz) &&
		    !within(c->name, start, sz))
			continue;

		WRITE_ONCE(c->dead, true);
		hlist_del_rcu(&c->hash_node);
		hlist_del_init(&c->name_node);
		list_del(&c->all_node);
		disconnect_class(c);
		drop_irq_marks(c);
		for (s = c->site_stacks; s; s = s->site_next)
			hlist_del_rcu(&s->site_node);
		call_rcu(&c->rh, put_class_rcu);
	}
	free_esd_range(start, sz);
	if (names) {
		for_each_live_obj(OBJECT_wait, forget_wait_name, start, sz);
		for_each_live_obj(OBJECT_ecxt, forget_ecxt_names, start, sz);
	}

	arch_spin_unlock(&dept_spin);
	dept_task()->recursive--;
	raw_local_irq_restore(flags);
}

void dept_free_range(void *start, unsigned int sz)
{
	free_range(start, sz, true);
}

void dept_key_destroy(struct dept_key *k)
{
	free_range(k, sizeof(*k), false);
}
EXPORT_SYMBOL_GPL(dept_key_destroy);

/* Forget every class of @m's key, as lockdep_reset_lock() does. */
void dept_map_forget(struct dept_map *m)
{
	dept_key_destroy(map_key(m));
}

/* ---------------------------------------------------------------------
 * Start-up
 * ---------------------------------------------------------------------
 */

/* the kernel's marks of used event sites; see dept_event_site_used() */
extern char __dept_event_sites_start[], __dept_event_sites_end[];

void __init dept_init(void)
{
	size_t mem = 0;
	int i;

	/* alloc_obj() finds the reference count right after the node */
#define OBJECT(id, nr)							\
	BUILD_BUG_ON(offsetof(struct dept_##id, ref) !=			\
		     sizeof(struct dept_pool_node));
	#include "dept_object.h"
#undef  OBJECT

	for (i = 0; i < OBJECT_NR; i++)
		mem += dept_pool[i].obj_sz * dept_pool[i].obj_nr;

	dept_mark_event_sites_used((struct dept_event_site_init **)__dept_event_sites_start,
				   (__dept_event_sites_end - __dept_event_sites_start) /
				   sizeof(struct dept_event_site_init *));

	if (!dept_enabled) {
		pr_info("DEPT: switched off by dept=off\n");
		return;
	}

	WRITE_ONCE(dept_ready, true);
	WRITE_ONCE(dept_running, true);
	pr_info("DEPT: dependency tracker active (pools %zu KB, dept_task %zu bytes)\n",
		mem / 1024, sizeof(struct dept_task));
}

#ifdef CONFIG_DEPT_KUNIT_TEST
#include "dept_kunit.c"
#endif
