# SPDX-License-Identifier: GPL-2.0
"""Run inside gdb (gdb_session.py --report --batch report_probe.py) by
report_test.py: let the kernel run to DEPT's first report and record what
the DEPT commands say there, then let the guest finish so that the console
holds the report itself.  If the guest reads /proc/dept_deps, record the
whole graph (dept-deps '*') where dept_deps_show() holds the graph lock,
at each read: the console shows what the last one printed.  The record
goes, as JSON, to $DEPT_PROBE_OUT:

  reported     whether gdb stopped in the report function
  pid          the reporting (current) task's PID
  at_report    {command: output} in the report function
  after_report {command: output} once the report function returned
  tasks        {name: pid} of the tasks whose comm starts with a name
               in $DEPT_PROBE_COMMS
  lockdep_held the lock classes lockdep says the reporting task holds
               (null without lockdep)
  proc_graph   dept-deps '*' when /proc/dept_deps was last printed
  proc_error   why there is no proc_graph
"""

import json
import os
from typing import Dict, List, Optional

import gdb

from dept import cycle, tasks

# how many times the probe lets the kernel continue past another stop
MAX_STOPS = 16
# /proc/dept_deps prints the graph from this function, under this lock
PROC_SHOW = 'dept_deps_show'
GRAPH_LOCK = 'dept_graph_lock'


def run(command: str) -> str:
	try:
		return gdb.execute(command, to_string=True)
	except gdb.error as error:
		return f'error: {error}\n'


def running() -> bool:
	thread = gdb.selected_thread()
	return thread is not None and thread.is_valid()


def continue_to_report() -> bool:
	for _ in range(MAX_STOPS):
		run('continue')
		if not running():
			return False
		if cycle.reporting_frame() is not None:
			return True
	return False


def lockdep_held(task: gdb.Value) -> Optional[List[str]]:
	"""The names of the lock classes lockdep has in task->held_locks;
	None without CONFIG_LOCKDEP."""
	if not any(f.name == 'lockdep_depth' for f in task.type.fields()):
		return None
	names = []
	for i in range(int(task['lockdep_depth'])):
		idx = int(task['held_locks'][i]['class_idx'])
		names.append(gdb.parse_and_eval(f'lock_classes[{idx}]')['name']
			     .string(errors='replace'))
	return names


def follow_proc(record: dict) -> None:
	"""Let the guest run to its end; each time dept_deps_show() has
	taken the graph lock, record the graph."""
	if gdb.lookup_static_symbol(PROC_SHOW) is None:
		record['proc_error'] = f'no {PROC_SHOW}() in this kernel'
		run('continue')
		return
	bp = gdb.Breakpoint(GRAPH_LOCK)
	for _ in range(MAX_STOPS):
		if not running():
			return
		hits = bp.hit_count
		run('continue')
		if not running() or bp.hit_count == hits:
			continue
		caller = gdb.newest_frame().older()
		if caller is not None and caller.name() == PROC_SHOW:
			run('finish')
			record['proc_graph'] = run('dept-deps *')


def commands_at(cycle_deps: List[gdb.Value], pids: Dict[str, int]) -> List[str]:
	commands = ['dept-cycle', 'dept-task', 'dept-classes', 'dept-stats']
	for d in cycle_deps:
		commands.append(f"dept-deps {int(d['fc']):#x}")
	commands += [f'dept-task {pid}' for pid in pids.values()]
	return commands


def main() -> None:
	record: dict = {'reported': continue_to_report()}
	if record['reported']:
		current = tasks.current().dereference()
		record['pid'] = int(current['pid'])
		record['lockdep_held'] = lockdep_held(current)
		comms = set(filter(None, os.environ.get('DEPT_PROBE_COMMS', '')
				   .split(',')))
		record['tasks'] = {}
		for task in tasks.all_tasks():
			# a scenario thread's comm: "NAME [module]", cut short
			name = task['comm'].string(errors='replace').split(' ')[0]
			if name in comms:
				record['tasks'][name] = int(task['pid'])
		deps, _ = cycle.latest_cycle()
		commands = commands_at(deps, record['tasks'])
		record['at_report'] = {c: run(c) for c in commands}
		# No breakpoint at the pc to step over: under UML, a host signal
		# arriving during the step brings the task back onto it, again
		# and again (gdb passes UML's timer and I/O signals through).
		run('delete')
		run('finish')
		record['after_report'] = {c: run(c) for c in ('dept-cycle',
							     'dept-task',
							     'dept-stats')}
	run('delete')
	follow_proc(record)
	with open(os.environ['DEPT_PROBE_OUT'], 'w', encoding='utf-8') as file:
		json.dump(record, file, indent=1)


main()
