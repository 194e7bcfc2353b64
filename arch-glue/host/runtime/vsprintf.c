// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's printf format on top of the C library's: each
 * conversion is handed to snprintf() with its argument, except the
 * pointer extensions, which the C library does not know:
 *
 *   %pS %pB %pF   symbol+0xoffset/0xsize
 *   %ps %pf       symbol
 *   %px %pK %p    the raw value, 16 hex digits (never hashed here)
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/kallsyms.h>
#include "internal.h"

struct out {
	char	*buf;
	size_t	size;
	size_t	len;	/* what would have been written, as snprintf */
};

static void put(struct out *o, const char *s, size_t n)
{
	if (o->len < o->size) {
		size_t room = o->size - o->len - 1;

		memcpy(o->buf + o->len, s, n < room ? n : room);
	}
	o->len += n;
}

static void put_pointer(struct out *o, char ext, void *p)
{
	char tmp[KSYM_SYMBOL_LEN];
	struct host_symbol sym;
	unsigned long addr = (unsigned long)p;
	int n;

	switch (ext) {
	case 'S': case 'B': case 'F':
		n = sprint_symbol(tmp, addr);
		break;
	case 's': case 'f':
		if (host_symbolize(addr, &sym))
			n = snprintf(tmp, sizeof(tmp), "%s", sym.name);
		else
			n = snprintf(tmp, sizeof(tmp), "0x%lx", addr);
		break;
	default:
		n = snprintf(tmp, sizeof(tmp), "%016lx", addr);
		break;
	}
	put(o, tmp, n < (int)sizeof(tmp) ? n : (int)sizeof(tmp) - 1);
}

/* One conversion of @spec (NUL-terminated, ends with its letter). */
static void put_conversion(struct out *o, const char *spec, int length,
			   va_list *args)
{
	char conv = spec[strlen(spec) - 1];
	char tmp[HOST_LINE_MAX];
	int n;

	switch (conv) {
	case 'd': case 'i':
		if (length == 'l' || length == 'z' || length == 't' ||
		    length == 'j' || length == 'L')
			n = snprintf(tmp, sizeof(tmp), spec, va_arg(*args, long));
		else
			n = snprintf(tmp, sizeof(tmp), spec, va_arg(*args, int));
		break;
	case 'u': case 'o': case 'x': case 'X':
		if (length == 'l' || length == 'z' || length == 't' ||
		    length == 'j' || length == 'L')
			n = snprintf(tmp, sizeof(tmp), spec,
				     va_arg(*args, unsigned long));
		else
			n = snprintf(tmp, sizeof(tmp), spec,
				     va_arg(*args, unsigned int));
		break;
	case 'c':
		n = snprintf(tmp, sizeof(tmp), spec, va_arg(*args, int));
		break;
	case 's':
		n = snprintf(tmp, sizeof(tmp), spec, va_arg(*args, const char *));
		break;
	default:
		n = snprintf(tmp, sizeof(tmp), "%s", spec);
		break;
	}
	put(o, tmp, n < (int)sizeof(tmp) ? n : (int)sizeof(tmp) - 1);
}

int host_vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	struct out o = { .buf = buf, .size = size };
	va_list ap;

	va_copy(ap, args);
	while (*fmt) {
		char spec[64];
		size_t n = 0;
		int length = 0;

		if (*fmt != '%') {
			const char *end = strchrnul(fmt, '%');

			put(&o, fmt, end - fmt);
			fmt = end;
			continue;
		}
		if (fmt[1] == '%') {
			put(&o, "%", 1);
			fmt += 2;
			continue;
		}

		spec[n++] = *fmt++;
		while (*fmt && strchr("-+ #0", *fmt) && n < 8)
			spec[n++] = *fmt++;
		if (*fmt == '*') {
			n += snprintf(spec + n, 16, "%d", va_arg(ap, int));
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9' && n < 24)
			spec[n++] = *fmt++;
		if (*fmt == '.') {
			spec[n++] = *fmt++;
			if (*fmt == '*') {
				n += snprintf(spec + n, 16, "%d",
					      va_arg(ap, int));
				fmt++;
			}
			while (*fmt >= '0' && *fmt <= '9' && n < 48)
				spec[n++] = *fmt++;
		}
		while (*fmt && strchr("hlzjtL", *fmt) && n < 60) {
			if (*fmt != 'h')
				length = *fmt;
			spec[n++] = *fmt++;
		}
		if (!*fmt)
			break;

		if (*fmt == 'p') {
			char ext = fmt[1] && strchr("SBFsfxK", fmt[1]) ? fmt[1] : 0;

			put_pointer(&o, ext, va_arg(ap, void *));
			fmt += ext ? 2 : 1;
			continue;
		}
		spec[n++] = *fmt++;
		spec[n] = '\0';
		put_conversion(&o, spec, length, &ap);
	}
	va_end(ap);

	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}
