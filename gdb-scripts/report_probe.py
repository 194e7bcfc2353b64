# SPDX-License-Identifier: GPL-2.0
"""Run inside gdb (gdb_session.py --report --batch report_probe.py) by
report_test.py: let the kernel run to DEPT's first report and record what
the DEPT commands say there, then let the guest finish so that the console
holds the report itself.  The record goes, as JSON, to $DEPT_PROBE_OUT:

  reported     whether gdb stopped in the report function
  pid          the reporting (current) task's PID
  at_report    {command: output} in the report function
  after_report {command: output} once the report function returned
  tasks        {comm: pid} of the tasks named in $DEPT_PROBE_COMMS
  lockdep_held the lock classes lockdep says the reporting task holds
"""

import json
import os
from typing import Dict, List

import gdb

from dept import cycle, graph, tasks

# how many times the probe lets the kernel continue past another stop
MAX_STOPS = 8


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


def lockdep_held(task: gdb.Value) -> List[str]:
	"""The names of the lock classes lockdep has in task->held_locks."""
	names = []
	for i in range(int(task['lockdep_depth'])):
		idx = int(task['held_locks'][i]['class_idx'])
		names.append(gdb.parse_and_eval(f'lock_classes[{idx}]')['name']
			     .string(errors='replace'))
	return names


def commands_at(cycle_deps: List[gdb.Value], pids: Dict[str, int]) -> List[str]:
	commands = ['dept-cycle', 'dept-task', 'dept-classes', 'dept-stats']
	for d in cycle_deps:
		commands.append(f"dept-deps {int(d['fc']):#x}")
	commands += [f'dept-task {pid}' for pid in pids.values()]
	return commands


def main() -> None:
	record: dict = {'reported': continue_to_report()}
	if record['reported']:
		current = tasks.current()
		record['pid'] = int(current['pid'])
		record['lockdep_held'] = lockdep_held(current)
		comms = set(filter(None, os.environ.get('DEPT_PROBE_COMMS', '')
				   .split(',')))
		record['tasks'] = {t['comm'].string(): int(t['pid'])
				   for t in tasks.all_tasks()
				   if t['comm'].string() in comms}
		deps, _ = cycle.latest_cycle()
		record['cycle_classes'] = [graph.class_ref(d['fc']).label
					   for d in deps]
		commands = commands_at(deps, record['tasks'])
		record['at_report'] = {c: run(c) for c in commands}
		run('finish')
		record['after_report'] = {c: run(c) for c in ('dept-cycle',
							     'dept-task')}
	run('delete')
	if running():
		run('continue')
	with open(os.environ['DEPT_PROBE_OUT'], 'w', encoding='utf-8') as file:
		json.dump(record, file, indent=1)


main()
