# SPDX-License-Identifier: GPL-2.0
"""dept-graph: DEPT's dependency graph as a picture.

usage: python3 -m harness.dept_graph FILE [--around CLASS] [--depth N]
		[--out PATH]

FILE holds the graph as /proc/dept_deps writes it ("[key] name:sub" and
" -> [key] name:sub" lines) or as scenarios/guest/dept-edges dumps it on a
console ("FROM -> TO" lines; of a console, the last complete dump).
Without --around the whole graph is drawn; with it, the classes within
--depth dependencies (default 1) of every class CLASS names (a name, of
any subclass, or name:subclass), those classes filled.  --out names the
file to write, its format by its extension (.dot, .svg, .png; default
graph.svg in the working directory).  A graph of more than MAX_DRAWN
dependencies is written as DOT only: Graphviz takes minutes on a booted
kernel's thousands, and nobody reads the picture.
"""

import argparse
import os
import re
import sys
from collections import deque
from typing import Iterable, List, Optional, Set, Tuple

from harness import console, dept_picture
from harness.verdict import same_class

MAX_DRAWN = 400
PROC_CLASS = re.compile(r'^\[[0-9a-fx]+\] (.+:\d+)$')
PROC_DEP = re.compile(r'^ -> \[[0-9a-fx]+\] (.+:\d+)$')

Edge = Tuple[str, str]


def parse(text: str) -> List[Edge]:
	"""The dependencies of /proc/dept_deps text or of a dept-edges dump."""
	lines = [console.strip_timestamp(line) for line in text.splitlines()]
	dumped = console.find_edges(lines)
	if dumped is not None:
		return dumped
	edges: List[Edge] = []
	source = None
	for line in lines:
		match = PROC_CLASS.match(line)
		if match:
			source = match.group(1)
			continue
		match = PROC_DEP.match(line)
		if match and source:
			edges.append((source, match.group(1)))
			continue
		match = console.EDGE_LINE.match(line)
		if match:
			edges.append((match.group(1), match.group(2)))
	return edges


def around(edges: List[Edge], names: Iterable[str], depth: int) -> Tuple[
		List[Edge], Set[str]]:
	"""The edges among the classes within @depth dependencies (either
	way) of the classes @names name, and those classes."""
	nodes = {n for edge in edges for n in edge}
	centre = {n for n in nodes for name in names if same_class(name, n)}
	seen = {n: 0 for n in centre}
	queue = deque(centre)
	while queue:
		node = queue.popleft()
		if seen[node] == depth:
			continue
		for a, b in edges:
			other = b if a == node else a if b == node else None
			if other is not None and other not in seen:
				seen[other] = seen[node] + 1
				queue.append(other)
	return [(a, b) for a, b in edges if a in seen and b in seen], centre


def to_dot(edges: List[Edge], centre: Set[str] = frozenset()) -> str:
	quoted = dept_picture.quoted
	lines = ['digraph dept_deps {', '\trankdir=LR;',
		 '\tnode [shape=box, style=rounded, fontname="sans"];']
	for node in sorted({n for edge in edges for n in edge} | set(centre)):
		fill = ', style="rounded,filled", fillcolor="#ffe9a8"' \
			if node in centre else ''
		lines.append(f'\t{quoted(node)} [label={quoted(node)}{fill}];')
	lines += [f'\t{quoted(a)} -> {quoted(b)};' for a, b in edges]
	return '\n'.join(lines + ['}']) + '\n'


def write(edges: List[Edge], centre: Set[str], path: str) -> Optional[str]:
	"""Write the graph to @path in its extension's format; None, or why
	only the DOT was written (beside @path, as PATH.dot)."""
	dot = to_dot(edges, centre)
	base, ext = os.path.splitext(path)
	fmt = ext.lstrip('.') or 'svg'
	if fmt == 'dot':
		with open(path, 'w', encoding='utf-8') as file:
			file.write(dot)
		return None
	with open(base + '.dot', 'w', encoding='utf-8') as file:
		file.write(dot)
	if len(edges) > MAX_DRAWN:
		return (f'{len(edges)} dependencies, more than {MAX_DRAWN}: written '
			f'as {base}.dot only (draw part of it with --around)')
	return dept_picture.render(dot, path, fmt)


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(prog='dept-graph', description=__doc__,
					 formatter_class=argparse.RawDescriptionHelpFormatter)
	parser.add_argument('file')
	parser.add_argument('--around', action='append', default=[])
	parser.add_argument('--depth', type=int, default=1)
	parser.add_argument('--out', default='graph.svg')
	args = parser.parse_args(argv)
	try:
		with open(args.file, encoding='utf-8', errors='replace') as file:
			edges = parse(file.read())
	except OSError as error:
		print(f'dept-graph: {args.file}: {error.strerror}', file=sys.stderr)
		return 2
	if not edges:
		print(f'dept-graph: no dependency in {args.file}', file=sys.stderr)
		return 1
	centre: Set[str] = set()
	if args.around:
		edges, centre = around(edges, args.around, args.depth)
		if not centre:
			print(f"dept-graph: no class named {', '.join(args.around)}",
			      file=sys.stderr)
			return 1
	failed = write(edges, centre, args.out)
	print(f'dept-graph: {len(edges)} dependencies: '
	      + (failed or args.out))
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
