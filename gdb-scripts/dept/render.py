# SPDX-License-Identifier: GPL-2.0
"""Turning the records of records.py into the lines the commands print.

Pure Python: the unit tests run it without gdb.  Class names and the
[S]/[W]/[E] lines are written as DEPT's reports write them, so that what
gdb shows can be compared with the console word for word."""

from typing import List, Optional, Sequence

from dept.records import (CONTEXT_KINDS, ClassInfo, ClassRef, Dep, Held,
			  HistSlot, Stage, Stats, TaskState)

INDENT = '  '
NEWEST = '<- newest'


def table(headers: Sequence[str], rows: Sequence[Sequence[str]],
	  right: Sequence[bool]) -> List[str]:
	"""Columns as wide as their widest cell; @right aligns numbers."""
	widths = [max([len(h)] + [len(r[i]) for r in rows])
		  for i, h in enumerate(headers)]

	def line(cells: Sequence[str]) -> str:
		text = '  '.join(c.rjust(w) if r else c.ljust(w)
				 for c, w, r in zip(cells, widths, right))
		return (INDENT + text).rstrip()
	return [line(headers)] + [line(r) for r in rows]


def fn(name: Optional[str]) -> str:
	return name if name is not None else '(unknown)'


def call(name: Optional[str], cls: ClassRef) -> str:
	"""function(class:sub_id), as a report's [S]/[W]/[E] line."""
	return f'{fn(name)}({cls.label})'


def context_id(ctxt_id: int, shift: int) -> str:
	"""A wait's context id: the lowest of the low @shift bits names the
	kind, the bits above count that kind's contexts."""
	kinds = ctxt_id & ((1 << shift) - 1)
	if not kinds:
		return f'{ctxt_id:#x}?'
	kind = (kinds & -kinds).bit_length() - 1
	name = CONTEXT_KINDS[kind] if kind < len(CONTEXT_KINDS) else f'kind{kind}'
	return f'{name} {ctxt_id >> shift}'


def dep_flags(dep: Dep) -> str:
	flags = []
	if dep.timeout:
		flags.append('timeout')
	if dep.sched_sleep:
		flags.append('sched-sleep')
	return ','.join(flags)


def report_lines(dep: Dep) -> List[str]:
	"""The three lines a report prints for one context."""
	return [f'    [S] {call(dep.ecxt_fn, dep.fc)}',
		f'    [W] {call(dep.wait_fn, dep.tc)}',
		f'    [E] {call(dep.event_fn, dep.fc)}']


# --- dept-task --------------------------------------------------------

def held_rows(held: Sequence[Held]) -> List[List[str]]:
	rows = []
	for h in held:
		cls = h.cls.label if h.cls else '(none)'
		if h.ecxt_addr:
			fns = f'{fn(h.ecxt_fn)} / {fn(h.event_fn)}'
		else:
			fns = '(nest_lock placeholder, not checked)'
		rows.append([str(h.pos), cls, str(h.sub_l), str(h.wgen),
			     f'{h.map_addr:#x} {fn(h.map_name)}', fns])
	return rows


def hist_rows(hist: Sequence[HistSlot], shift: int) -> List[List[str]]:
	rows = []
	for i, slot in enumerate(hist):
		flags = [f for f, on in (('timeout', slot.timeout),
					 ('sched-sleep', slot.sched_sleep)) if on]
		if i == len(hist) - 1:
			flags.append(NEWEST)
		rows.append([str(slot.slot), str(slot.wgen),
			     context_id(slot.ctxt_id, shift),
			     call(slot.wait_fn, slot.cls), ' '.join(flags)])
	return rows


def stage_line(stage: Optional[Stage]) -> str:
	if stage is None:
		return 'staged wait: none'
	name = '<sched>' if stage.sched_map else fn(stage.name)
	state = (f'awaited since wgen {stage.wgen}' if stage.wgen
		 else 'not awaited (not slept on yet, or woken)')
	timeout = 'no timeout' if stage.timeout < 0 else f'timeout {stage.timeout}'
	return (f'staged wait: {fn(stage.wait_fn)}({name}), {state}, '
		f'{timeout}, at {stage.ip}')


def render_task(t: TaskState) -> List[str]:
	lines = [f'dept_task of pid {t.pid} ({t.comm}), task {t.addr:#x}']
	lines.append(f'held event contexts: {len(t.held)}, innermost first' +
		     (f'; {t.missing_ecxt} more not recorded (stack full)'
		      if t.missing_ecxt else ''))
	if t.held:
		lines += table(['pos', 'class', 'sub_l', 'wgen', 'map',
				'[S] / [E] function'], held_rows(t.held),
			       [True, False, True, True, False, False])
	lines.append(f'wait history: {len(t.hist)} of {t.hist_size} slots, '
		     f'oldest first; next slot {t.next_slot}')
	if t.hist:
		lines += table(['slot', 'wgen', 'context', '[W] wait', ''],
			       hist_rows(t.hist, t.cxt_shift),
			       [True, True, False, False, False])
	lines.append('context ids: ' + ', '.join(
		f'{CONTEXT_KINDS[k] if k < len(CONTEXT_KINDS) else k} '
		f'{cid >> t.cxt_shift}' for k, cid in enumerate(t.cxt_ids)))
	# DEPT reads whether IRQs are on from the CPU, not from the task:
	# what the task keeps is when it last enabled them.
	for kind, (wgen, ip) in enumerate(zip(t.wgen_enirq, t.enirq_ip)):
		since = (f'last enabled at wgen {wgen}, {ip}' if wgen
			 else 'no enabling recorded')
		lines.append(f'{CONTEXT_KINDS[kind]}s: {since}')
	lines.append(stage_line(t.stage))
	lines.append(f'recursive: {t.recursive}, '
		     f"in __schedule: {'yes' if t.in_sched else 'no'}, "
		     f"past dept_task_exit: {'yes' if t.task_exit else 'no'}")
	return lines


# --- dept-classes, dept-deps -----------------------------------------

def render_classes(classes: Sequence[ClassInfo], total: int,
		   pattern: str) -> List[str]:
	rows = []
	for c in classes:
		flags = [f for f, on in (('sched', c.cls.sched_map),
					 ('dead', c.cls.dead)) if on]
		rows.append([c.cls.label, str(c.out_deps), str(c.in_deps),
			     f'{c.cls.addr:#x}', ','.join(flags)])
	lines = []
	if rows:
		lines = table(['class', 'out', 'in', 'address', 'flags'], rows,
			      [False, True, True, False, False])
	which = f" matching '{pattern}'" if pattern else ''
	lines.append(f'{len(classes)} of {total} classes{which}')
	return lines


def dep_rows(deps: Sequence[Dep]) -> List[List[str]]:
	return [[d.fc.label, d.tc.label, fn(d.ecxt_fn), fn(d.wait_fn),
		 fn(d.event_fn), dep_flags(d), f'{d.addr:#x}'] for d in deps]


def dep_table(deps: Sequence[Dep]) -> List[str]:
	return table(['from', 'to', '[S] ecxt', '[W] wait', '[E] event',
		      'flags', 'dep'], dep_rows(deps), [False] * 7)


def render_deps(cls: ClassRef, out: Sequence[Dep],
		into: Sequence[Dep]) -> List[str]:
	lines = [f'class {cls.label} at {cls.addr:#x}: '
		 f'{len(out)} out, {len(into)} in']
	lines.append(f'out: the event of {cls.label} waits for these')
	lines += dep_table(out) if out else [INDENT + '(none)']
	lines.append(f'in: these events wait for {cls.label}')
	lines += dep_table(into) if into else [INDENT + '(none)']
	return lines


# --- dept-cycle --------------------------------------------------------

def render_cycle(cycle: Sequence[Dep], in_progress: bool) -> List[str]:
	"""The contexts of a report, in the order the report prints them."""
	if not cycle:
		return ['no DEPT report so far']
	which = ('the report being printed (stopped in print_circle)'
		 if in_progress else 'the latest report')
	lines = [f'cycle of {which}: {len(cycle)} contexts']
	for i, dep in enumerate(cycle):
		lines.append(f'context {chr(ord("A") + i)}')
		lines += report_lines(dep)
	return lines


# --- dept-stats --------------------------------------------------------

def render_stats(s: Stats) -> List[str]:
	if s.stopped:
		state = 'stopped'
	elif s.ready:
		state = 'running'
	else:
		state = 'not started yet'
	lines = [f'DEPT {state}; wgen {s.wgen}; {s.reports} reports; '
		 f'{s.classes} classes, {s.deps} dependencies']
	rows = [[p.name, str(p.obj_sz), str(p.total), str(p.grown), str(p.used),
		 str(p.free), str(p.refills), str(p.dropped), str(p.kbytes)]
		for p in s.pools]
	lines += table(['pool', 'objsize', 'total', 'grown', 'used', 'free',
			'refills', 'dropped', 'KB'], rows, [False] + [True] * 8)
	return lines
