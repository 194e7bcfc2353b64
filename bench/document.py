# SPDX-License-Identifier: GPL-2.0
"""docs/bench-results.md: the tables of the latest make bench, with the
run and the machine they came from, so that the figures a reader finds in
the repository are always those of one run and say which."""

import os
from typing import List

from bench import table
from bench.figures import Figure

HEADER = '''# Latest `make bench` results

Written by `make bench` from its `results.json`; each run replaces this
file, so it holds one run only. How each figure is measured:
[bench.md](bench.md). Ratios are of costs: for a rate (bogo-ops/s), the
other column's rate over DEPT on's.
'''


def machine() -> str:
	"""This machine, as /proc says: CPUs, their model, memory."""
	model = ''
	memory = ''
	try:
		with open('/proc/cpuinfo', encoding='utf-8') as cpuinfo:
			model = next((line.split(':', 1)[1].strip() for line in cpuinfo
				      if line.startswith('model name')), '')
		with open('/proc/meminfo', encoding='utf-8') as meminfo:
			kb = int(meminfo.readline().split()[1])
			memory = f', {kb / 2**20:.0f} GiB'
	except (OSError, ValueError, IndexError):
		pass
	return f'{os.cpu_count()} CPUs{" (" + model + ")" if model else ""}{memory}'


def render(found: List[Figure], where: str) -> str:
	runs = sorted({(f.commit, f.date) for f in found})
	targets = sorted({f.target for f in found})
	groups = sorted({f.group for f in found})
	lines = [HEADER,
		 *(f'Run at commit {commit}, {date}, on {where}; groups: '
		   f'{", ".join(groups)}; targets: {", ".join(targets)}.'
		   for commit, date in runs),
		 '', '```', *table.render(found)[1:], '```', '']
	return '\n'.join(lines)


def write(path: str, found: List[Figure]) -> str:
	with open(path, 'w', encoding='utf-8') as out:
		out.write(render(found, machine()))
	return path
