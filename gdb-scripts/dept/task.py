# SPDX-License-Identifier: GPL-2.0
"""dept-task: the dept_task embedded in a task_struct."""

from typing import List, Optional

import gdb

from dept import graph, kernel, render, tasks
from dept.records import Held, HistSlot, Stage, TaskState


def held(dt: gdb.Value) -> List[Held]:
	"""The held event contexts, innermost (the last entered) first."""
	entries = []
	for pos in reversed(range(int(dt['ecxt_held_pos']))):
		eh = dt['ecxt_held'][pos]
		c, m, e = eh['class'], eh['map'], eh['ecxt']
		entries.append(Held(
			pos, graph.class_ref(c) if int(c) else None, int(eh['sub_l']),
			int(m), kernel.string_or_none(m['name']) if int(m) else None,
			int(eh['wgen']), int(e),
			kernel.string_or_none(e['ecxt_fn']) if int(e) else None,
			kernel.string_or_none(e['event_fn']) if int(e) else None))
	return entries


def history(dt: gdb.Value) -> List[HistSlot]:
	"""The used slots of the wait ring, oldest first: the ring starts at
	the next slot to be written."""
	size = kernel.array_len(dt['wait_hist'])
	pos = int(dt['wait_hist_pos'])
	slots = []
	for i in range(size):
		slot = (pos + i) % size
		wh = dt['wait_hist'][slot]
		w = wh['wait']
		if not int(w):
			continue
		slots.append(HistSlot(slot, graph.class_ref(w['class']),
				      kernel.string_or_none(w['wait_fn']),
				      int(wh['wgen']), int(wh['ctxt_id']),
				      bool(w['sched_sleep']), bool(w['timeout'])))
	return slots


def stage(dt: gdb.Value) -> Optional[Stage]:
	"""The staged wait, if sdt_might_sleep_start() left one."""
	m = dt['stage_m']
	if not (int(dt['stage_w_fn']) or int(dt['stage_real_m']) or
		bool(dt['stage_sched_map'])):
		return None
	return Stage(kernel.string_or_none(m['name']),
		     bool(dt['stage_sched_map']),
		     kernel.string_or_none(dt['stage_w_fn']),
		     kernel.symbolize(int(dt['stage_ip'])),
		     int(dt['stage_timeout']), int(m['wgen']))


def task_state(task: gdb.Value) -> TaskState:
	dt = task['dept_task']
	if not kernel.has_field(dt, 'ecxt_held'):
		raise gdb.GdbError('task_struct.dept_task is empty: DEPT is not '
				   'built into this kernel')
	irqs = kernel.array_len(dt['wgen_enirq'])
	return TaskState(
		int(task['pid']), task['comm'].string(errors='replace'), int(task),
		held(dt), int(dt['missing_ecxt']), history(dt),
		kernel.array_len(dt['wait_hist']), int(dt['wait_hist_pos']),
		[int(dt['cxt_id'][k]) for k in range(kernel.array_len(dt['cxt_id']))],
		kernel.array_len(dt['cxt_id']),
		[int(dt['wgen_enirq'][k]) for k in range(irqs)],
		[kernel.symbolize(int(dt['enirq_ip'][k])) for k in range(irqs)],
		int(dt['recursive']), stage(dt), bool(dt['in_sched']),
		bool(dt['task_exit']))


class DeptTask(gdb.Command):
	"""Show DEPT's state of one task.

dept-task [PID]: the dept_task of task PID (default: the current task):
the event contexts it holds, innermost first, with class, local
subclass, map, the wgen at entry and the [S]/[E] functions; the ring of
its latest waits, oldest first, the newest marked; its context ids, when
it last enabled each IRQ kind, the wait staged for the scheduler and the recursion
counter."""

	def __init__(self):
		super().__init__('dept-task', gdb.COMMAND_DATA)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		arg = arg.strip()
		if not arg:
			task = tasks.current()
		else:
			try:
				pid = int(arg, 0)
			except ValueError as error:
				raise gdb.GdbError(f"usage: dept-task [PID]; '{arg}' "
						   'is not a number') from error
			task = tasks.by_pid(pid)
			if task is None:
				raise gdb.GdbError(f'no task with PID {pid}')
		kernel.write(render.render_task(task_state(task)))


DeptTask()
