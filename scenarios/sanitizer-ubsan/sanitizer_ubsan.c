// SPDX-License-Identifier: GPL-2.0
/*
 * The ubsan variant's proof that UBSAN is live in this kernel: one write
 * past the end of an array, at an index the compiler cannot see.
 */
#include <linux/module.h>

static int slots[4];

static int __init sanitizer_ubsan_init(void)
{
	int past_the_end = ARRAY_SIZE(slots);

	OPTIMIZER_HIDE_VAR(past_the_end);
	slots[past_the_end - 1] = 1;
	pr_info("sanitizer-ubsan: writing slots[%d]\n", past_the_end);
	slots[past_the_end] = 1;
	return 0;
}

static void __exit sanitizer_ubsan_exit(void)
{
}

module_init(sanitizer_ubsan_init);
module_exit(sanitizer_ubsan_exit);
MODULE_DESCRIPTION("Sanitizer scenario: one array index out of bounds");
MODULE_LICENSE("GPL");
