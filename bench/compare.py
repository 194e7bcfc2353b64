# SPDX-License-Identifier: GPL-2.0
"""make bench-compare: each figure of a run against the same figure of an
earlier run (new median / old median), so that a change to the engine
shows what it costs."""

from typing import List

from bench.figures import Figure
from bench.table import number


def compare(old: List[Figure], new: List[Figure]) -> List[str]:
	before = {f.key: f for f in old}
	lines = []
	rows = [['figure', 'target', 'column', 'unit', 'old', 'new', 'new/old']]
	unmatched = []
	for figure in new:
		was = before.pop(figure.key, None)
		if figure.median is None or was is None or was.median is None:
			unmatched.append(f'{figure.name} {figure.target} {figure.column}')
			continue
		change = (f'{figure.median / was.median:.2f}x' if was.median
			  else '-')
		rows.append([figure.name, figure.target, figure.column, figure.unit,
			     number(was.median), number(figure.median), change])
	widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
	lines += ['  '.join(t.ljust(w) for t, w in zip(row, widths)).rstrip()
		  for row in rows]
	commits = sorted({f.commit for f in old}), sorted({f.commit for f in new})
	lines.insert(0, f'old: {", ".join(commits[0])}; new: {", ".join(commits[1])}')
	gone = [f'{f.name} {f.target} {f.column}' for f in before.values()]
	if gone:
		lines.append(f'only in the old run: {", ".join(gone)}')
	if unmatched:
		lines.append(f'no value in one of the runs: {", ".join(unmatched)}')
	return lines
