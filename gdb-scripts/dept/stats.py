# SPDX-License-Identifier: GPL-2.0
"""dept-stats: DEPT's object pools, its clock and the size of its graph."""

import gdb

from dept import graph, kernel, render
from dept.records import PoolStat, Stats


def pool_stat(p: gdb.Value) -> PoolStat:
	"""@p: a struct dept_pool; its numbers as dept_stats_show() has them."""
	return PoolStat(kernel.string_or_none(p['name']) or '?', int(p['obj_sz']),
			int(p['total_nr']), int(p['chunk_nr']),
			int(p['used']['counter']),
			int(p['refills']), int(p['dropped']['counter']))


def stats() -> Stats:
	pools = kernel.dept_var('dept_pool')
	nr_classes = 0
	nr_deps = 0
	for c in graph.classes():
		nr_classes += 1
		nr_deps += sum(1 for _ in graph.out_deps(c))
	return Stats([pool_stat(pools[i]) for i in range(kernel.array_len(pools))],
		     int(kernel.dept_var('dept_wgen')['counter']) & 0xffffffff,
		     int(kernel.dept_var('dept_nr_reports')),
		     bool(kernel.dept_var('dept_ready')),
		     bool(kernel.dept_var('dept_stopped')), nr_classes, nr_deps)


class DeptStats(gdb.Command):
	"""Show DEPT's memory use and clock.

dept-stats: whether the engine runs, the current wait generation (wgen),
how many reports it printed, how many classes and dependencies the graph
has, and per object pool what /proc/dept_stats shows: object size,
objects in total (boot array and refills), how many of them grew on
demand since boot, used and free, how often it was refilled, how many
allocations found it empty, and its size in KB."""

	def __init__(self):
		super().__init__('dept-stats', gdb.COMMAND_DATA)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		if arg.strip():
			raise gdb.GdbError('usage: dept-stats (no arguments)')
		kernel.write(render.render_stats(stats()))


DeptStats()
