// SPDX-License-Identifier: GPL-2.0
/*
 * The kasan variant's proof that KASAN is live in this kernel: one read a
 * byte past a 16-byte kmalloc() object.  Without it, a kasan run with no
 * report could be a kernel that checks nothing.
 */
#include <linux/module.h>
#include <linux/slab.h>

static int __init sanitizer_kasan_init(void)
{
	size_t past_the_end = 16;
	char *p = kmalloc(16, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	OPTIMIZER_HIDE_VAR(past_the_end);
	pr_info("sanitizer-kasan: read %d\n", READ_ONCE(p[past_the_end]));
	kfree(p);
	return 0;
}

static void __exit sanitizer_kasan_exit(void)
{
}

module_init(sanitizer_kasan_init);
module_exit(sanitizer_kasan_exit);
MODULE_DESCRIPTION("Sanitizer scenario: one slab-out-of-bounds read");
MODULE_LICENSE("GPL");
