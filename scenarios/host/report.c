// SPDX-License-Identifier: GPL-2.0
/*
 * Parsing of DEPT's report, as dept.rst ("Reading a report") shows
 * it.  Only the summary is read:
 *
 *	DEPT: Circular dependency has been detected.
 *	...
 *	*** DEADLOCK ***
 *
 *	context A
 *	    [S] lock(A:0)
 *	    [W] lock(B:0)
 *	    [E] unlock(A:0)
 *	...
 *	[S]: start of the event context
 *
 * A report is well formed when each context's [S] and [E] name the
 * same class and each context's [W] is the [E] of the next context,
 * the last one's [W] the first one's [E]: the contexts form the cycle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/array_size.h>
#include <linux/string.h>
#include <host/runtime.h>
#include "report.h"
#include "suite.h"

#define MAX_REPORTS	64
#define MAX_CONTEXTS	26
#define CLASS_LEN	128

struct context {
	char	cls[3][CLASS_LEN];	/* [S], [W], [E] */
	int	seen;			/* bit per line found */
};

struct report {
	enum report_kind	kind;
	bool			kind_found;
	int			nr;
	struct context		ctx[MAX_CONTEXTS];
	bool			matched;
};

static const char *const kind_text[] = {
	[DEADLOCK] = "*** DEADLOCK ***",
	[AA_DEADLOCK] = "*** AA DEADLOCK ***",
	[TIMED_CYCLE] = "*** Not a deadlock but a circular dependency",
};

/* The class in "fn(class)": inside the parentheses closing the line. */
static bool parse_class(const char *line, char *cls)
{
	size_t len = strcspn(line, "\n");
	int depth = 0;
	size_t i;

	if (!len || line[len - 1] != ')')
		return false;
	for (i = len; i-- > 0;) {
		if (line[i] == ')')
			depth++;
		else if (line[i] == '(' && !--depth)
			break;
	}
	if (depth || len - i - 2 >= CLASS_LEN)
		return false;
	memcpy(cls, line + i + 1, len - i - 2);
	cls[len - i - 2] = '\0';
	return true;
}

static const char *next_line(const char *p)
{
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

/* Parse the summary that follows a banner; false if malformed. */
static bool parse_report(const char *p, struct report *r)
{
	struct context *c = NULL;
	int k;

	memset(r, 0, sizeof(*r));
	for (; p; p = next_line(p)) {
		const char *s = p + strspn(p, " \t");

		if (!strncmp(p, "[S]: ", 5))
			return r->kind_found && r->nr > 0;
		for (k = 0; k < (int)ARRAY_SIZE(kind_text); k++) {
			if (!strncmp(s, kind_text[k], strlen(kind_text[k]))) {
				r->kind = k;
				r->kind_found = true;
			}
		}
		if (!strncmp(p, "context ", 8)) {
			if (r->nr == MAX_CONTEXTS)
				return false;
			c = &r->ctx[r->nr++];
			continue;
		}
		if (c && s[0] == '[' && strchr("SWE", s[1]) && s[2] == ']') {
			int which = s[1] == 'S' ? 0 : s[1] == 'W' ? 1 : 2;

			if (!parse_class(s, c->cls[which]))
				return false;
			c->seen |= 1 << which;
		}
		if (!strncmp(p, "DEPT: Circular", 14))
			return false;	/* the next report began: truncated */
	}
	return false;
}

static bool well_formed(const struct report *r)
{
	int i;

	for (i = 0; i < r->nr; i++) {
		const struct context *c = &r->ctx[i];
		const struct context *next = &r->ctx[(i + 1) % r->nr];

		if (c->seen != 7 || strcmp(c->cls[0], c->cls[2]) ||
		    strcmp(c->cls[1], next->cls[2]))
			return false;
	}
	return true;
}

/* The classes of @r, each once, are exactly those of @exp. */
static bool same_classes(const struct report *r,
			 const struct expected_report *exp)
{
	int i, j, nr_exp = 0;

	while (exp->classes[nr_exp])
		nr_exp++;
	if (nr_exp != r->nr)
		return false;
	for (i = 0; i < nr_exp; i++) {
		for (j = 0; j < r->nr; j++)
			if (!strcmp(exp->classes[i], r->ctx[j].cls[2]))
				break;
		if (j == r->nr)
			return false;
	}
	return true;
}

static void describe(char *buf, size_t size, const struct report *r)
{
	size_t n = snprintf(buf, size, "%s:",
			    r->kind == DEADLOCK ? "DEADLOCK" :
			    r->kind == AA_DEADLOCK ? "AA DEADLOCK" : "TIMED");
	int i;

	for (i = 0; i < r->nr && n < size; i++)
		n += snprintf(buf + n, size - n, " %s", r->ctx[i].cls[2]);
}

/* Lines that announce a report other than DEPT's cycle report. */
static const char *const other_reports[] = {
	"WARNING:", "BUG:", "Kernel panic", "DEPT: stopped", "DEPT_WARN:",
	"DEPT: Circular recover dependency",
};

void __expect_reports(const char *file, int line,
		      const struct expected_report *exp, int nr)
{
	static struct report reports[MAX_REPORTS];
	char *console = host_console_take();
	char desc[512];
	const char *p;
	int nr_reports = 0;
	int i, j;

	for (p = console; p; p = next_line(p)) {
		for (i = 0; i < (int)ARRAY_SIZE(other_reports); i++)
			if (!strncmp(p, other_reports[i], strlen(other_reports[i])))
				check_fail(file, line, "unexpected: %.*s",
					   (int)strcspn(p, "\n"), p);
		if (strncmp(p, "DEPT: Circular dependency has been detected.", 44))
			continue;
		if (nr_reports == MAX_REPORTS) {
			check_fail(file, line, "more than %d reports", MAX_REPORTS);
			break;
		}
		if (!parse_report(next_line(p), &reports[nr_reports])) {
			check_fail(file, line, "report %d: summary unreadable",
				   nr_reports + 1);
			continue;
		}
		if (!well_formed(&reports[nr_reports])) {
			describe(desc, sizeof(desc), &reports[nr_reports]);
			check_fail(file, line, "report %d: contexts do not form a cycle (%s)",
				   nr_reports + 1, desc);
		}
		nr_reports++;
	}

	if (nr_reports != nr)
		check_fail(file, line, "%d DEPT report(s), expected %d",
			   nr_reports, nr);

	for (i = 0; i < nr; i++) {
		for (j = 0; j < nr_reports; j++) {
			if (reports[j].matched || reports[j].kind != exp[i].kind ||
			    !same_classes(&reports[j], &exp[i]))
				continue;
			reports[j].matched = true;
			break;
		}
		if (j == nr_reports) {
			struct report want = { .kind = exp[i].kind };

			for (; want.nr < MAX_CYCLE_CLASSES && exp[i].classes[want.nr]; want.nr++)
				strscpy(want.ctx[want.nr].cls[2], exp[i].classes[want.nr],
					CLASS_LEN);
			describe(desc, sizeof(desc), &want);
			check_fail(file, line, "no report of %s", desc);
		}
	}
	for (j = 0; j < nr_reports; j++) {
		if (reports[j].matched)
			continue;
		describe(desc, sizeof(desc), &reports[j]);
		check_fail(file, line, "unexpected report of %s", desc);
	}
	free(console);
}
