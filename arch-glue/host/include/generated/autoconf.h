/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The configuration the host build of DEPT stands for: an SMP kernel
 * with DEPT, lockdep and IRQ-flag tracing, as DEPT's Kconfig selects.
 */
#define CONFIG_DEPT 1
#define CONFIG_SMP 1
#define CONFIG_NR_CPUS 4
#define CONFIG_64BIT 1
#define CONFIG_LOCKDEP 1
#define CONFIG_PROVE_LOCKING 1
#define CONFIG_DEBUG_LOCK_ALLOC 1
#define CONFIG_TRACE_IRQFLAGS 1
#define CONFIG_STACKTRACE 1
#define CONFIG_KALLSYMS 1
