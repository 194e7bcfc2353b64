# SPDX-License-Identifier: GPL-2.0
"""DEPT's memory from /proc/dept_stats (bench/console.py), per pool: what
is used after boot, after the benchmark and after the suite, what our pools
reserve, and what v16's static pools reserve for the same objects.

Each scenario of the suite boots a kernel of its own: 'after the suite' is,
per pool, the most that any scenario's kernel had used at its end (the
consoles of a suite run booted with HARNESS_DEPT_STATS)."""

import glob
import os
from typing import Dict, List, Optional

from bench import console, figures
from bench.console import BenchBoot, Pool

# v16's kernel/dependency/dept_object.h: objects per static pool
V16_OBJECTS = {'dep': 8192, 'class': 8192, 'stack': 32768, 'ecxt': 16384,
	       'wait': 32768}
MOMENTS = ('boot', 'bench')
SUITE_MISSING = ('not measured: the suite run of edit-to-verdict prints it '
		 '(BENCH_NO_HARNESS=1 skips that run)')


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


def grown_kb(pools: Dict[str, Pool], name: str = None) -> float:
	return sum(kb(p.grown, p.objsize) for n, p in pools.items()
		   if name in (None, n))


def latest_pools(boot: BenchBoot) -> Optional[Dict[str, Pool]]:
	"""@boot's pools at its latest moment: after the benchmark, or after
	boot when the benchmark did not print them."""
	return boot.pools.get('bench') or boot.pools.get('boot')


def suite_pools(work: str) -> Dict[str, Dict[str, Pool]]:
	"""Per scenario of the suite run in @work, its pools at its end."""
	found = {}
	for path in sorted(glob.glob(os.path.join(work, '*', 'console.log'))):
		pools = console.read(path).pools.get('suite')
		if pools:
			found[os.path.basename(os.path.dirname(path))] = pools
	return found


def suite_figure(target: str, name: str, pool: Optional[str],
		 suite: Optional[Dict[str, Dict[str, Pool]]]) -> figures.Figure:
	if suite is None:
		return figures.missing('memory', name, target, 'suite', 'KB',
				       SUITE_MISSING)
	if not suite:
		return figures.missing('memory', name, target, 'suite', 'KB',
				       'no scenario of the suite run printed '
				       '/proc/dept_stats at its end')
	heaviest = max(suite, key=lambda s: used_kb(suite[s]))
	found = figures.measured('memory', name, target, 'suite', 'KB',
				 [max(used_kb(p, pool) for p in suite.values())])
	found.note = (f'the most any of {len(suite)} scenarios used at its end '
		      f'(all pools: {heaviest})')
	return found


def memory_figures(target: str, boots: List[BenchBoot],
		   suite: Optional[Dict[str, Dict[str, Pool]]] = None
		   ) -> List[figures.Figure]:
	"""The memory figures of the boots with DEPT on, and of the suite's
	scenarios (suite_pools(); None when the suite did not run)."""
	result = []
	names = pool_names(boots)
	if not names:
		return [figures.missing('memory', 'all pools', target, 'boot', 'KB',
					'no boot printed /proc/dept_stats')]
	latest = [latest_pools(b) for b in boots]
	for name in names + ['all pools']:
		pool = None if name == 'all pools' else name
		for moment in MOMENTS:
			result.append(figures.sampled(
				'memory', name, target, moment, 'KB',
				[used_kb(b.pools[moment], pool) if moment in b.pools
				 else None for b in boots],
				f'/proc/dept_stats after {moment}'))
		result.append(suite_figure(target, name, pool, suite))
		last = latest[-1]
		shown = [n for n in names if pool in (None, n) and n in last]
		result.append(figures.measured(
			'memory', name, target, 'reserved', 'KB',
			[sum(kb(last[n].total - last[n].grown, last[n].objsize)
			     for n in shown)]))
		result.append(figures.sampled(
			'memory', name, target, 'grown', 'KB',
			[grown_kb(p, pool) if p else None for p in latest],
			'/proc/dept_stats after bench: what the pools allocated '
			'on demand since boot'))
		result.append(figures.measured('memory', name, target, 'v16', 'KB',
					       [sum(kb(V16_OBJECTS.get(n, 0), last[n].objsize)
						    for n in shown)]))
	result.append(figures.sampled('memory', 'dept_task', target, 'per task',
				      'bytes', [b.dept_task_bytes for b in boots],
				      "DEPT's boot line"))
	return result
