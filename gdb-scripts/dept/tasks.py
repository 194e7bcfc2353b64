# SPDX-License-Identifier: GPL-2.0
"""Finding a task_struct: the current one or one by PID.  The kernel's
own gdb scripts (vmlinux-gdb.py) are used when they are loaded; without
them, tasks are found by walking init_task's lists, and the current task
only on UML."""

import sys
from typing import Iterator, Optional

import gdb

from dept import kernel

task_type = kernel.CachedType('struct task_struct')


def lx(module: str):
	"""The kernel's scripts/gdb module linux.@module, if loaded."""
	return sys.modules.get(f'linux.{module}')


def all_tasks() -> Iterator[gdb.Value]:
	"""Every thread of every process, as linux.tasks.task_lists()."""
	typ = task_type.get()
	init = gdb.parse_and_eval('&init_task')
	leaders = [init] + list(kernel.list_entries(init['tasks'], typ, 'tasks'))
	for leader in leaders:
		yield from kernel.list_entries(leader['signal']['thread_head'], typ,
					       'thread_node')


def by_pid(pid: int) -> Optional[gdb.Value]:
	if lx('tasks'):
		return lx('tasks').get_task_by_pid(pid)
	for task in all_tasks():
		if int(task['pid']) == pid:
			return task
	return None


def current() -> gdb.Value:
	"""A pointer to the task the selected CPU (thread of gdb) runs."""
	if lx('cpus'):
		return lx('cpus').get_current_task(-1).address
	if gdb.lookup_symbol('host_current')[0] is not None:
		# the host build of the engine: current is per thread
		return gdb.parse_and_eval('host_current')
	if gdb.lookup_global_symbol('cpu_tasks') is not None:
		# UML: one CPU, its task in cpu_tasks[]
		task = gdb.parse_and_eval('cpu_tasks[0].task')
		if int(task) == 0:
			raise gdb.GdbError('no current task: the kernel has not '
					   'started yet')
		return task.cast(task_type.get().pointer())
	raise gdb.GdbError('finding the current task needs the kernel gdb '
			   'scripts here: source vmlinux-gdb.py, or give a PID')
