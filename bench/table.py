# SPDX-License-Identifier: GPL-2.0
"""The terminal table: per group and target a block, a row per figure, a
cell per column 'median [min-max]', and for the in-kernel and workload
figures ratios of costs between the columns (of a rate such as
bogo-ops/s, whose cost is its inverse, the ratios of the inverses)."""

from typing import Callable, Dict, List, Optional

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
# units of a rate: more is cheaper
RATES = ('bogo-ops/s',)
COLUMN_TITLES = {'on': 'DEPT on', 'off': 'DEPT off', 'floor': 'floor',
		 'lockdep': 'lockdep alone', 'alone': 'DEPT alone'}

Costs = Dict[str, float]


def quotient(top: str, bottom: str) -> Callable[[Costs], Optional[float]]:
	"""The cost of column @top against @bottom's."""
	return lambda c: c[top] / c[bottom] if c[bottom] else None


def own_costs(c: Costs) -> Optional[float]:
	"""DEPT's own cost (on - off) against lockdep's own (lockdep alone -
	floor): what DEPT adds to a kernel, in units of what lockdep adds."""
	lockdep = c['lockdep'] - c['floor']
	return (c['on'] - c['off']) / lockdep if lockdep > 0 else None


# (title, the columns it needs, the ratio of their costs)
RATIOS = {
	'kernel': (('on/off', ('on', 'off'), quotient('on', 'off')),
		   ('dept/lockdep', ('on', 'off', 'lockdep', 'floor'), own_costs),
		   ('alone/lockdep', ('alone', 'lockdep'),
		    quotient('alone', 'lockdep')),
		   ('off/lockdep', ('off', 'lockdep'), quotient('off', 'lockdep'))),
	'workload': (('on/off', ('on', 'off'), quotient('on', 'off')),
		     ('on/floor', ('on', 'floor'), quotient('on', 'floor'))),
}


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


def costs(cells: Dict[str, Figure]) -> Costs:
	"""The cost of each column with a value (a rate's is its inverse)."""
	found = {}
	for column, figure in cells.items():
		if figure.median is None:
			continue
		if figure.unit not in RATES:
			found[column] = figure.median
		elif figure.median:
			found[column] = 1 / figure.median
		else:
			found[column] = float('inf')
	return found


def ratio(cells: Dict[str, Figure], needs: tuple,
	  fn: Callable[[Costs], Optional[float]]) -> str:
	c = costs(cells)
	if not set(needs) <= set(c):
		return '-'
	try:
		value = fn(c)
	except (ZeroDivisionError, ValueError):
		value = None
	if value is None or value != value:
		return '-'
	return 'inf' if value == float('inf') else f'{value:.2f}x'


def block(figures: List[Figure]) -> List[str]:
	"""The rows of one group and target."""
	group = figures[0].group
	columns = list(dict.fromkeys(f.column for f in figures))
	rows: Dict[tuple, Dict[str, Figure]] = {}
	for figure in figures:
		rows.setdefault((figure.name, figure.unit), {})[figure.column] = figure
	shown = [r for r in RATIOS.get(group, ()) if set(r[1]) <= set(columns)]
	header = (['figure', 'unit'] + [COLUMN_TITLES.get(c, c) for c in columns]
		  + [title for title, _, _ in shown])
	table = [header]
	for (name, unit), cells in rows.items():
		table.append([name, unit] + [cell(cells.get(c)) for c in columns] +
			     [ratio(cells, needs, fn) for _, needs, fn in shown])
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
