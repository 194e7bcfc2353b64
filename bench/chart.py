# SPDX-License-Identifier: GPL-2.0
"""chart.svg, drawn by gnuplot: the in-kernel on/off and on/floor cost
ratios per operation, the same per stressor of the workload group, and the
cycle check's instructions per new dependency against the size of the
unrelated graph."""

import os
import re
import subprocess
from typing import Dict, List, Tuple

from bench.figures import Figure
from bench.table import RATES

CYCLE = re.compile(r'^cycle_check_(\d+)$')


def ratios(figures: List[Figure], group: str = 'kernel') -> List[
		Tuple[str, float, float]]:
	"""(name@target, on/off, on/floor) of the costs of every figure of
	@group with all three columns (a rate's cost is its inverse)."""
	cells: Dict[tuple, Dict[str, float]] = {}
	for f in figures:
		if f.group == group and f.median:
			cost = 1 / f.median if f.unit in RATES else f.median
			cells.setdefault((f.name, f.target), {})[f.column] = cost
	return [(f'{name}@{target}', c['on'] / c['off'], c['on'] / c['floor'])
		for (name, target), c in cells.items()
		if {'on', 'off', 'floor'} <= set(c)]


def cycle_costs(figures: List[Figure]) -> List[Tuple[int, float, float]]:
	"""(classes, all, engine's own) instructions per new dependency."""
	costs: Dict[int, Dict[str, float]] = {}
	for f in figures:
		match = CYCLE.match(f.name)
		if f.group == 'host' and match and f.median is not None:
			costs.setdefault(int(match.group(1)), {})[f.column] = f.median
	return sorted((n, c['total'], c['engine']) for n, c in costs.items()
		      if {'total', 'engine'} <= set(c))


RATIO_PANEL = '''set title "{title}: DEPT on against DEPT off and against the floor"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel "ratio of medians (log scale)"
set logscale y
set xtics rotate by -35 noenhanced
set bmargin 8
set key top right
set yrange [0.5:*]
plot "{data}" using 2:xtic(1) title "on/off", "" using 3 title "on/floor"
unset style
unset logscale y
set xtics auto norotate
'''

CYCLE_PANEL = '''set title "Cycle check: a new dependency as the unrelated graph grows"
set style data linespoints
set logscale x
set xlabel "classes in the graph"
set ylabel "instructions per new dependency (callgrind)"
set key center right
set yrange [0:*]
plot "{data}" using 1:2 title "all", "" using 1:3 title "engine's own code"
'''


RATIO_TITLES = {'kernel': 'In-kernel cost',
		'workload': 'Cost of a bogo-op under stress-ng'}


def script(svg: str, panels: List[Tuple[str, str, str]]) -> str:
	"""The gnuplot script drawing each (panel, its data file, its title)
	side by side: a panel without data is left out, not drawn empty."""
	return (f'set terminal svg size {600 * len(panels)},500 dynamic font "sans,11"\n'
		f'set output "{svg}"\n'
		f'set multiplot layout 1,{len(panels)}\n' +
		''.join(panel.format(data=data, title=title)
			for panel, data, title in panels) +
		'unset multiplot\n')


def draw(figures: List[Figure], out: str) -> str:
	"""Write OUT/chart.svg; return what happened, for the terminal."""
	panels = []
	for group, title in RATIO_TITLES.items():
		rows = ratios(figures, group)
		if rows:
			data = os.path.join(out, f'chart-ratios-{group}.dat')
			with open(data, 'w', encoding='utf-8') as file:
				file.writelines(f'"{n}" {a:.3f} {b:.3f}\n'
						for n, a, b in rows)
			panels.append((RATIO_PANEL, data, title))
	cycle_rows = cycle_costs(figures)
	if cycle_rows:
		cycle_data = os.path.join(out, 'chart-cycle.dat')
		with open(cycle_data, 'w', encoding='utf-8') as file:
			file.writelines(f'{n} {t:.1f} {e:.1f}\n' for n, t, e in cycle_rows)
		panels.append((CYCLE_PANEL, cycle_data, ''))
	if not panels:
		return 'chart: nothing to draw'
	svg = os.path.join(out, 'chart.svg')
	try:
		drawn = subprocess.run(['gnuplot'], input=script(svg, panels),
				       capture_output=True, text=True, check=False)
	except FileNotFoundError:
		return 'chart: gnuplot is not installed (Debian: gnuplot-nox)'
	if drawn.returncode != 0:
		return f'chart: gnuplot failed: {drawn.stderr.strip()}'
	return f'chart: {svg}'
