// SPDX-License-Identifier: GPL-2.0
/*
 * kallsyms for the host program: its own ELF symbol table (static
 * functions and variables included, which the dynamic symbol table
 * lacks), read once with libelf; addresses in libraries fall back to
 * the dynamic linker's dladdr().
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <gelf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/kallsyms.h>
#include "internal.h"

struct sym {
	unsigned long	addr;
	unsigned long	size;
	const char	*name;
};

static struct sym *syms;
static size_t nr_syms;
static pthread_once_t syms_once = PTHREAD_ONCE_INIT;
/* kept open: the names point into its string table */
static Elf *self_elf;

static int first_object_bias(struct dl_phdr_info *info, size_t size,
			     void *bias)
{
	*(unsigned long *)bias = info->dlpi_addr;
	return 1;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void add_symtab(Elf_Scn *scn, GElf_Shdr *shdr, unsigned long bias)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t i, n = shdr->sh_size / shdr->sh_entsize;
	struct sym *more = realloc(syms, (nr_syms + n) * sizeof(*syms));

	if (!data || !more)
		return;
	syms = more;
	for (i = 0; i < n; i++) {
		GElf_Sym s;
		int type;

		if (!gelf_getsym(data, i, &s) || s.st_shndx == SHN_UNDEF ||
		    !s.st_value)
			continue;
		type = GELF_ST_TYPE(s.st_info);
		if (type != STT_FUNC && type != STT_OBJECT)
			continue;
		syms[nr_syms].addr = s.st_value + bias;
		syms[nr_syms].size = s.st_size;
		syms[nr_syms].name = elf_strptr(self_elf, shdr->sh_link,
						s.st_name);
		if (syms[nr_syms].name)
			nr_syms++;
	}
}

static void load_symbols(void)
{
	unsigned long bias = 0;
	Elf_Scn *scn = NULL;
	int fd;

	dl_iterate_phdr(first_object_bias, &bias);
	elf_version(EV_CURRENT);
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	self_elf = elf_begin(fd, ELF_C_READ, NULL);
	while (self_elf && (scn = elf_nextscn(self_elf, scn))) {
		GElf_Shdr shdr;

		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_SYMTAB)
			add_symtab(scn, &shdr, bias);
	}
	qsort(syms, nr_syms, sizeof(*syms), sym_cmp);
}

bool host_symbolize(unsigned long addr, struct host_symbol *out)
{
	size_t lo = 0, hi;
	Dl_info info;

	pthread_once(&syms_once, load_symbols);

	/* the last symbol at or below addr */
	hi = nr_syms;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* zero-sized symbols may sit inside the function that holds addr */
	for (hi = lo; lo && hi - lo < 16; lo--) {
		const struct sym *s = &syms[lo - 1];

		if (addr < s->addr + s->size) {
			out->name = s->name;
			out->offset = addr - s->addr;
			out->size = s->size;
			out->object = NULL;
			return true;
		}
	}

	if (dladdr((void *)addr, &info) && info.dli_sname) {
		const char *slash = strrchr(info.dli_fname, '/');

		out->name = info.dli_sname;
		out->offset = addr - (unsigned long)info.dli_saddr;
		out->size = 0;
		out->object = slash ? slash + 1 : info.dli_fname;
		return true;
	}
	return false;
}

int sprint_symbol(char *buffer, unsigned long address)
{
	struct host_symbol sym;

	if (!host_symbolize(address, &sym))
		return sprintf(buffer, "0x%lx", address);
	if (sym.object)
		return sprintf(buffer, "%.*s+0x%lx [%.*s]", KSYM_NAME_LEN - 1,
			       sym.name, sym.offset, 63, sym.object);
	return sprintf(buffer, "%.*s+0x%lx/0x%lx", KSYM_NAME_LEN - 1,
		       sym.name, sym.offset, sym.size);
}

unsigned long kallsyms_lookup_name(const char *name)
{
	size_t i;

	pthread_once(&syms_once, load_symbols);
	for (i = 0; i < nr_syms; i++)
		if (!strcmp(syms[i].name, name))
			return syms[i].addr;
	return 0;
}
