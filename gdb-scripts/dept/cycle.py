# SPDX-License-Identifier: GPL-2.0
"""dept-cycle and dept-break-report: DEPT's reports.

The engine keeps the cycle of its latest report in dept_last_cycle[]
(dependencies in the order the report prints its contexts), filled by the
report function print_circle().  Stopped in print_circle(), the cycle
being reported is read from its argument, the new dependency d, and the
BFS parents (bfs_dep) that led from d->tc back to d->fc, which the graph
lock keeps valid for the whole report."""

from typing import List, Optional, Tuple

import gdb

from dept import graph, kernel, render, tasks

REPORT_FUNCTION = 'print_circle'
# how far up the stack dept-cycle looks for the report function
MAX_FRAMES = 64


def reporting_frame() -> Optional[gdb.Frame]:
	"""The frame of print_circle() in the selected thread, if any."""
	try:
		frame = gdb.newest_frame()
	except gdb.error:
		return None
	for _ in range(MAX_FRAMES):
		if frame is None:
			return None
		name = frame.name() or ''
		# gcc may split it (print_circle.cold) or clone it (.isra.0)
		if name.split('.')[0] == REPORT_FUNCTION:
			return frame
		frame = frame.older()
	return None


def cycle_being_reported(frame: gdb.Frame, limit: int) -> List[gdb.Value]:
	try:
		d = frame.read_var('d')
	except ValueError as error:
		raise gdb.GdbError(f'{REPORT_FUNCTION}() has no readable argument '
				   f'd here ({error})') from error
	cycle = [d]
	c = d['fc']
	while int(c) != int(d['tc']) and len(cycle) < limit:
		dep = c['bfs_dep']
		cycle.append(dep)
		c = dep['fc']
	cycle.reverse()  # the report prints its contexts from the end
	return cycle


def latest_cycle() -> Tuple[List[gdb.Value], bool]:
	"""The dept_dep pointers of the cycle in print order, and whether it
	is the one being reported right now."""
	stored = kernel.dept_var('dept_last_cycle')
	frame = reporting_frame()
	if frame is not None:
		return cycle_being_reported(frame, kernel.array_len(stored)), True
	nr = int(kernel.dept_var('dept_last_cycle_nr'))
	return [stored[i] for i in range(nr)], False


class DeptCycle(gdb.Command):
	"""Show the cycle of DEPT's most recent report.

dept-cycle: the contexts of the latest report, A, B, ..., each with the
[S], [W] and [E] lines the report prints.  Stopped inside the report
(see dept-break-report), the report being printed."""

	def __init__(self):
		super().__init__('dept-cycle', gdb.COMMAND_DATA)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		if arg.strip():
			raise gdb.GdbError('usage: dept-cycle (no arguments)')
		deps, in_progress = latest_cycle()
		kernel.write(render.render_cycle(
			[graph.dep_record(d) for d in deps], in_progress))


class ReportBreakpoint(gdb.Breakpoint):
	"""Stops where DEPT is about to print a report whose cycle has a class
	matching each of @patterns (any report without patterns)."""

	def __init__(self, hardware: bool, patterns: List[str]):
		super().__init__(REPORT_FUNCTION, type=gdb.BP_HARDWARE_BREAKPOINT
				 if hardware else gdb.BP_BREAKPOINT)
		self.patterns = patterns

	def stop(self) -> bool:
		frame = reporting_frame()
		if frame is None:
			return True
		limit = kernel.array_len(kernel.dept_var('dept_last_cycle'))
		classes = [graph.class_ref(d['fc'])
			   for d in cycle_being_reported(frame, limit)]
		labels = ', '.join(c.label for c in classes)
		if not all(any(c.matches(p) for c in classes)
			   for p in self.patterns):
			gdb.write(f'DEPT reports a cycle of {labels}: not the one '
				  'asked for, going on\n')
			return False
		try:
			task = tasks.current()
			who = (f"pid {int(task['pid'])} "
			       f"({task['comm'].string(errors='replace')})")
		except (gdb.error, gdb.GdbError):
			who = 'the current task'
		gdb.write(f'DEPT reports a cycle of {labels}, found by {who}; '
			  'see dept-cycle, dept-task\n')
		return True


class DeptBreakReport(gdb.Command):
	"""Stop when DEPT reports a cycle.

dept-break-report [hardware] [CLASS...]: a breakpoint on DEPT's report
function, which stops only at the reports whose cycle has a class
matching each CLASS (as the PATTERN of dept-classes), and at every report
without one.  When it stops, dept-cycle shows the cycle being reported
and dept-task the task that closed it, as it was when it did.  'hardware'
asks for a hardware breakpoint, which survives the kernel being loaded
over it (QEMU halted before the kernel is in place)."""

	def __init__(self):
		super().__init__('dept-break-report', gdb.COMMAND_BREAKPOINTS)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		words = gdb.string_to_argv(arg)
		hardware = bool(words) and words[0] == 'hardware'
		ReportBreakpoint(hardware, words[1:] if hardware else words)


DeptCycle()
DeptBreakReport()
