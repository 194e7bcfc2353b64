# SPDX-License-Identifier: GPL-2.0
"""DEPT's memory from /proc/dept_stats (bench/console.py), per pool: what
is used after boot and after the benchmark, what our pools reserve, and
what v16's static pools reserve for the same objects."""

from typing import Dict, List

from bench import figures
from bench.console import BenchBoot, Pool

# v16's kernel/dependency/dept_object.h: objects per static pool
V16_OBJECTS = {'dep': 8192, 'class': 8192, 'stack': 32768, 'ecxt': 16384,
	       'wait': 32768}
MOMENTS = ('boot', 'bench')
SUITE_MISSING = ('each scenario of the suite boots a kernel of its own and '
		 'none prints /proc/dept_stats at its end')


def kb(objects: int, objsize: int) -> float:
	return objects * objsize / 1024


def pool_names(boots: List[BenchBoot]) -> List[str]:
	names: Dict[str, None] = {}
	for boot in boots:
		for pools in boot.pools.values():
			names.update(dict.fromkeys(pools))
	return list(names)


def used_kb(pools: Dict[str, Pool], name: str = None) -> float:
	return sum(kb(p.used, p.objsize) for n, p in pools.items()
		   if name in (None, n))


def memory_figures(target: str, boots: List[BenchBoot]) -> List[figures.Figure]:
	"""The memory figures of the boots with DEPT on."""
	result = []
	names = pool_names(boots)
	if not names:
		return [figures.missing('memory', 'all pools', target, 'boot', 'KB',
					'no boot printed /proc/dept_stats')]
	for name in names + ['all pools']:
		pool = None if name == 'all pools' else name
		for moment in MOMENTS:
			result.append(figures.sampled(
				'memory', name, target, moment, 'KB',
				[used_kb(b.pools[moment], pool) if moment in b.pools
				 else None for b in boots],
				f'/proc/dept_stats after {moment}'))
		result.append(figures.missing('memory', name, target, 'suite', 'KB',
					      SUITE_MISSING))
		last = boots[-1].pools.get('bench') or boots[-1].pools['boot']
		shown = [n for n in names if pool in (None, n) and n in last]
		result.append(figures.measured('memory', name, target, 'reserved',
					       'KB', [sum(kb(last[n].total, last[n].objsize)
							  for n in shown)]))
		result.append(figures.measured('memory', name, target, 'v16', 'KB',
					       [sum(kb(V16_OBJECTS.get(n, 0), last[n].objsize)
						    for n in shown)]))
	result.append(figures.sampled('memory', 'dept_task', target, 'per task',
				      'bytes', [b.dept_task_bytes for b in boots],
				      "DEPT's boot line"))
	return result
