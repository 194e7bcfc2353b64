# SPDX-License-Identifier: GPL-2.0
"""A DEPT report for people: its cycle as a Graphviz graph (a node per
class, an edge per context from the class it held to the class it waited
for, labelled with where it waited and where its event would have come
from), and a short summary, one line per context, that names the code to
look at first."""

import subprocess
from typing import List, Optional

from harness.dept_report import Context, DeptReport, Frame, Place

# the frames of these files are the lock or wait primitives, not the code
# that took the lock
CORE = ('kernel/locking/', 'kernel/sched/', 'kernel/dependency/',
	'include/linux/', 'kernel/workqueue.c', 'kernel/kthread.c')


def quoted(text: str) -> str:
	return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def caller(place: Place) -> Optional[Frame]:
	"""The first frame of @place outside the primitives: the code that
	took the lock or waited; its ip when nothing better is decoded.  An
	ip at a function's first byte is no place in it (arm64's GCC puts
	_THIS_IP_ there): the stack tells better."""
	ip = [place.ip] if place.ip and place.ip.offset else []
	for frame in ip + place.stack:
		if frame.guess:
			continue
		if frame.file and not any(part in frame.file for part in CORE):
			return frame
	return place.ip


def where(place: Place) -> str:
	frame = caller(place)
	return frame.place if frame else 'where: not recorded'


def short_where(place: Place) -> str:
	"""where() with the file's name only, for the picture."""
	frame = caller(place)
	if not frame:
		return ''
	if frame.file:
		return f' at {frame.file.rsplit("/", 1)[-1]}:{frame.line}'
	return f' at {frame.text}'


def node(context_class: str, subclass: int) -> str:
	return f'{context_class}:{subclass}'


def to_dot(report: DeptReport) -> str:
	"""The cycle as a DOT digraph."""
	classes = dict.fromkeys(node(p.cls, p.subclass) for c in report.contexts
				for p in (c.start, c.wait))
	# A cycle reads best as a circle; but a circle of two puts both
	# edges, and their labels, across the nodes: dot draws them as two
	# arcs with the labels outside.
	lines = ['digraph dept {',
		 f'\tlayout={"circo" if len(classes) > 2 else "dot"};',
		 f'\tlabel={quoted(report.title + " (" + report.kind + ")")};',
		 '\tlabelloc=t;',
		 '\tnode [shape=box, style="rounded,filled", fillcolor="#eef3fb", '
		 'fontname="sans"];',
		 '\tedge [fontname="sans", fontsize=10];']
	for cls in classes:
		lines.append(f'\t{quoted(cls)};')
	for context in report.contexts:
		label = (f'context {context.name}\\l'
			 f'[W] {context.wait.label}{short_where(context.wait)}\\l'
			 f'[E] {context.event.label}{short_where(context.event)}\\l')
		lines.append(f'\t{quoted(node(context.start.cls, context.start.subclass))}'
			     f' -> {quoted(node(context.wait.cls, context.wait.subclass))}'
			     f' [label="{label.replace(chr(34), chr(39))}"];')
	lines.append('}')
	return '\n'.join(lines) + '\n'


def render(dot: str, path: str, fmt: str) -> Optional[str]:
	"""Write @dot as @fmt (svg, png) to @path; None, or why not."""
	try:
		done = subprocess.run(['dot', f'-T{fmt}', '-o', path], input=dot,
				      capture_output=True, text=True, check=False)
	except FileNotFoundError:
		return 'Graphviz dot is not installed (Debian: graphviz)'
	return None if done.returncode == 0 else done.stderr.strip()


def context_line(context: Context) -> str:
	return (f'context {context.name}: held {context.start.cls} '
		f'({context.start.label} at {where(context.start)}) and waited '
		f'for {context.wait.cls} ({context.wait.label} at '
		f'{where(context.wait)}); the event of {context.start.cls} '
		f'({context.event.label}) could not come before')


def first_look(report: DeptReport) -> Optional[str]:
	"""The wait to look at first: the first one whose place is in the
	code that waited rather than in a primitive."""
	for context in report.contexts:
		frame = caller(context.wait)
		if frame and frame.file:
			return (f'look first at the wait of context {context.name}: '
				f'{frame.place} ({frame.symbol})')
	return None


def summary(report: DeptReport) -> List[str]:
	cycle = [c.start.cls for c in report.contexts] + [
		report.contexts[0].start.cls]
	lines = [f'DEPT: {report.title} ({report.kind}): ' + ' -> '.join(cycle)]
	lines += ['  ' + context_line(c) for c in report.contexts]
	look = first_look(report)
	if look:
		lines.append('  ' + look)
	return lines
