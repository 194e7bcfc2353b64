/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lock-less NULL-terminated singly linked lists, the part of the kernel's
 * <linux/llist.h> the engine uses: any number of adders, one deleter of
 * the whole list at a time, on xchg()/try_cmpxchg() of <linux/atomic.h>.
 * Those are full barriers in the kernel; DRD is told that an add happens
 * before the deletion that takes the node (its next pointer is plain).
 */
#ifndef _HOST_LINUX_LLIST_H
#define _HOST_LINUX_LLIST_H

#include <linux/atomic.h>
#include <linux/container_of.h>
#include <host/annotate.h>
#include <stddef.h>
#include <stdint.h>

struct llist_node {
	struct llist_node *next;
};

struct llist_head {
	struct llist_node *first;
};

#define LLIST_HEAD(name)	struct llist_head name = { NULL }

static inline bool llist_empty(const struct llist_head *head)
{
	return READ_ONCE(head->first) == NULL;
}

/* Returns whether the list was empty. */
static inline bool llist_add(struct llist_node *new, struct llist_head *head)
{
	struct llist_node *first = READ_ONCE(head->first);

	do {
		new->next = first;
		ANNOTATE_HAPPENS_BEFORE(head);
	} while (!try_cmpxchg(&head->first, &first, new));
	return !first;
}

static inline struct llist_node *llist_del_all(struct llist_head *head)
{
	struct llist_node *first = xchg(&head->first, NULL);

	ANNOTATE_HAPPENS_AFTER(head);
	return first;
}

static inline struct llist_node *llist_reverse_order(struct llist_node *head)
{
	struct llist_node *new_head = NULL;

	while (head) {
		struct llist_node *tmp = head;

		head = head->next;
		tmp->next = new_head;
		new_head = tmp;
	}
	return new_head;
}

#define llist_entry(ptr, type, member)	container_of(ptr, type, member)

/*
 * Whether @ptr, got from a NULL node by container_of(), is a real entry;
 * as in the kernel, by arithmetic: a compiler may take &ptr->member to
 * be never NULL.
 */
#define member_address_is_nonnull(ptr, member)				\
	((uintptr_t)(ptr) + offsetof(__typeof__(*(ptr)), member) != 0)

#define llist_for_each_entry_safe(pos, n, node, member)			\
	for (pos = llist_entry((node), __typeof__(*pos), member);	\
	     member_address_is_nonnull(pos, member) &&			\
	     (n = llist_entry(pos->member.next, __typeof__(*n), member), true); \
	     pos = n)

#endif
