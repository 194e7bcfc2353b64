# SPDX-License-Identifier: GPL-2.0
"""chart.svg, drawn by gnuplot: the in-kernel on/off and on/floor ratios
per operation, and the cycle check's instructions per new dependency
against the size of the unrelated graph."""

import os
import re
import subprocess
from typing import Dict, List, Tuple

from bench.figures import Figure

CYCLE = re.compile(r'^cycle_check_(\d+)$')


def ratios(figures: List[Figure]) -> List[Tuple[str, float, float]]:
	"""(operation@target, on/off, on/floor) of every in-kernel figure
	with all three columns."""
	cells: Dict[tuple, Dict[str, float]] = {}
	for f in figures:
		if f.group == 'kernel' and f.median:
			cells.setdefault((f.name, f.target), {})[f.column] = f.median
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


RATIO_PANEL = '''set title "In-kernel cost: DEPT on against DEPT off and against the floor"
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


def script(svg: str, panels: List[Tuple[str, str]]) -> str:
	"""The gnuplot script drawing each (panel, its data file) side by
	side: a panel without data is left out, not drawn empty."""
	return (f'set terminal svg size {600 * len(panels)},500 dynamic font "sans,11"\n'
		f'set output "{svg}"\n'
		f'set multiplot layout 1,{len(panels)}\n' +
		''.join(panel.format(data=data) for panel, data in panels) +
		'unset multiplot\n')


def draw(figures: List[Figure], out: str) -> str:
	"""Write OUT/chart.svg; return what happened, for the terminal."""
	ratio_rows, cycle_rows = ratios(figures), cycle_costs(figures)
	if not ratio_rows and not cycle_rows:
		return 'chart: nothing to draw'
	ratio_data = os.path.join(out, 'chart-ratios.dat')
	cycle_data = os.path.join(out, 'chart-cycle.dat')
	with open(ratio_data, 'w', encoding='utf-8') as file:
		file.writelines(f'"{n}" {a:.3f} {b:.3f}\n' for n, a, b in ratio_rows)
	with open(cycle_data, 'w', encoding='utf-8') as file:
		file.writelines(f'{n} {t:.1f} {e:.1f}\n' for n, t, e in cycle_rows)
	svg = os.path.join(out, 'chart.svg')
	panels = [(RATIO_PANEL, ratio_data)] if ratio_rows else []
	panels += [(CYCLE_PANEL, cycle_data)] if cycle_rows else []
	drawn = subprocess.run(['gnuplot'], input=script(svg, panels),
			       capture_output=True, text=True, check=False)
	if drawn.returncode != 0:
		return f'chart: gnuplot failed: {drawn.stderr.strip()}'
	return f'chart: {svg}'
