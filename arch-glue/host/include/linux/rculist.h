/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU-safe list updates and traversals: an entry is published with
 * rcu_assign_pointer() once it is fully linked, and readers follow
 * ->next with rcu_dereference().  Updaters serialise among themselves.
 */
#ifndef _HOST_LINUX_RCULIST_H
#define _HOST_LINUX_RCULIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>

#define list_next_rcu(list)	(*((struct list_head __rcu **)(&(list)->next)))
#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))

static inline void __list_add_rcu(struct list_head *new,
				  struct list_head *prev,
				  struct list_head *next)
{
	new->next = next;
	new->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), new);
	next->prev = new;
}

static inline void list_add_rcu(struct list_head *new, struct list_head *head)
{
	__list_add_rcu(new, head, head->next);
}

static inline void list_add_tail_rcu(struct list_head *new,
				     struct list_head *head)
{
	__list_add_rcu(new, head->prev, head);
}

/* Readers may still be on @entry: its ->next stays valid. */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = LIST_POISON2;
}

static inline void hlist_add_head_rcu(struct hlist_node *n,
				      struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	WRITE_ONCE(n->pprev, &h->first);
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		WRITE_ONCE(first->pprev, &n->next);
}

static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

#define list_entry_rcu(ptr, type, member)				\
	container_of(rcu_dereference(ptr), type, member)

#define list_for_each_entry_rcu(pos, head, member, ...)			\
	for (pos = list_entry_rcu(list_next_rcu(head), __typeof__(*pos), member);\
	     &pos->member != (head);					\
	     pos = list_entry_rcu(list_next_rcu(&pos->member),		\
				  __typeof__(*pos), member))

#define hlist_for_each_entry_rcu(pos, head, member, ...)		\
	for (pos = hlist_entry_safe(rcu_dereference(hlist_first_rcu(head)),\
				    __typeof__(*(pos)), member);	\
	     pos;							\
	     pos = hlist_entry_safe(rcu_dereference(hlist_next_rcu(&(pos)->member)),\
				    __typeof__(*(pos)), member))

#endif
