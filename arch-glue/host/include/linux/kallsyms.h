/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols of the host program, from its ELF symbol table (static
 * functions included), then from the dynamic linker for libraries.
 */
#ifndef _HOST_LINUX_KALLSYMS_H
#define _HOST_LINUX_KALLSYMS_H

#define KSYM_NAME_LEN		512
#define KSYM_SYMBOL_LEN		(KSYM_NAME_LEN + 64)

/* "function+0xoff/0xsize", as %pS prints; returns the length */
int sprint_symbol(char *buffer, unsigned long address);

/* the address of a symbol, static ones included; 0 when unknown */
unsigned long kallsyms_lookup_name(const char *name);

#endif
