# SPDX-License-Identifier: GPL-2.0
"""The terminal table: per group and target a block, a row per figure, a
cell per column 'median [min-max]', and for the in-kernel and workload
figures the cost ratios DEPT on / DEPT off and DEPT on / floor (of a rate
such as bogo-ops/s, whose cost is its inverse, the ratio of the others to
DEPT on)."""

from typing import Dict, List, Optional

from bench.figures import Figure

TITLES = {
	'kernel': 'in-kernel, median [min-max] of {runs} boots',
	'host': 'host build of the engine under callgrind, instructions per '
		'operation (all, the engine\'s own code, its stack traces)',
	'memory': 'DEPT\'s memory from /proc/dept_stats, median [min-max] of '
		  '{runs} boots with DEPT on',
	'harness': 'the harness, wall time, median [min-max] of {runs} runs',
	'workload': 'the soak\'s kernel under stress-ng (make soak), median '
		    '[min-max] of {runs} boots',
}
COST_RATIOS = (('on/off', 'on', 'off'), ('on/floor', 'on', 'floor'))
RATIOS = {'kernel': COST_RATIOS, 'workload': COST_RATIOS}
# units of a rate: more is cheaper
RATES = ('bogo-ops/s',)
COLUMN_TITLES = {'on': 'DEPT on', 'off': 'DEPT off', 'floor': 'floor'}


def number(value: float) -> str:
	if value >= 100:
		return f'{value:.0f}'
	return f'{value:.3g}' if value >= 1 else f'{value:.2g}'


def cell(figure: Optional[Figure]) -> str:
	if figure is None:
		return '-'
	if figure.median is None:
		return 'missing'
	if figure.runs <= 1 or figure.min == figure.max:
		return number(figure.median)
	return (f'{number(figure.median)} '
		f'[{number(figure.min)}-{number(figure.max)}]')


def ratio(top: Optional[Figure], bottom: Optional[Figure]) -> str:
	"""The cost of @top against @bottom's."""
	if not top or not bottom or top.median is None or bottom.median is None:
		return '-'
	if top.unit in RATES:
		top, bottom = bottom, top
	if bottom.median == 0:
		return 'inf' if top.median else '-'
	return f'{top.median / bottom.median:.2f}x'


def block(figures: List[Figure]) -> List[str]:
	"""The rows of one group and target."""
	group = figures[0].group
	columns = list(dict.fromkeys(f.column for f in figures))
	rows: Dict[tuple, Dict[str, Figure]] = {}
	for figure in figures:
		rows.setdefault((figure.name, figure.unit), {})[figure.column] = figure
	header = (['figure', 'unit'] + [COLUMN_TITLES.get(c, c) for c in columns]
		  + [r[0] for r in RATIOS.get(group, ())])
	table = [header]
	for (name, unit), cells in rows.items():
		table.append([name, unit] + [cell(cells.get(c)) for c in columns] +
			     [ratio(cells.get(a), cells.get(b))
			      for _, a, b in RATIOS.get(group, ())])
	widths = [max(len(row[i]) for row in table) for i in range(len(header))]
	lines = ['  '.join(text.ljust(width) for text, width in
			   zip(row, widths)).rstrip() for row in table]
	return lines + missing_notes(figures)


def missing_notes(figures: List[Figure]) -> List[str]:
	"""One line per reason: the figures missing for it."""
	reasons: Dict[str, Dict[str, None]] = {}
	for figure in figures:
		if figure.missing:
			reasons.setdefault(figure.missing, {})[
				f'{figure.name} {figure.column}'] = None
	notes: Dict[str, Dict[str, None]] = {}
	for figure in figures:
		if figure.note:
			notes.setdefault(figure.note, {})[figure.column] = None
	return [f'  missing: {", ".join(names)}: {why}'
		for why, names in reasons.items()] + [
		f'  note, {", ".join(columns)}: {note}'
		for note, columns in notes.items()]


def render(figures: List[Figure]) -> List[str]:
	blocks: Dict[tuple, List[Figure]] = {}
	for figure in figures:
		blocks.setdefault((figure.group, figure.target), []).append(figure)
	lines = []
	for (group, target), members in blocks.items():
		runs = max(f.runs for f in members)
		title = TITLES.get(group, group).format(runs=runs)
		lines += ['', f'== {target}: {title}'] + block(members)
	return lines
