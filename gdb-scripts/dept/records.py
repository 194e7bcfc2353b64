# SPDX-License-Identifier: GPL-2.0
"""DEPT's state as plain Python records, read out of the kernel by the
commands and printed by render.py, which therefore needs no gdb."""

import fnmatch
from dataclasses import dataclass
from typing import List, Optional

# The kinds of context, in the order of enum DEPT_CXT_* in linux/dept.h.
CONTEXT_KINDS = ('softirq', 'hardirq', 'process')
SCHED_NAME = '<sched>'


@dataclass(frozen=True)
class ClassRef:
	"""A class as the reports name it: name#version:sub_id."""
	addr: int
	name: Optional[str]
	sub_id: int
	sched_map: bool = False
	dead: bool = False
	# N > 0: another live class had the name first ("#N", dept.c's
	# name_class())
	name_version: int = 0

	@property
	def display_name(self) -> str:
		"""The name a report prints, as DEPT_CLASS_ARGS() in dept.c."""
		if self.sched_map:
			return SCHED_NAME
		name = self.name if self.name is not None else '(unknown)'
		return f'{name}#{self.name_version}' if self.name_version else name

	@property
	def label(self) -> str:
		return f'{self.display_name}:{self.sub_id}'

	def matches(self, pattern: str) -> bool:
		"""Whether @pattern names this class: a glob over the name a report
		prints or over name:sub_id, or the class's address (0x...)."""
		if not pattern:
			return True
		if pattern.lower().startswith('0x'):
			try:
				return int(pattern, 16) == self.addr
			except ValueError:
				return False
		return (fnmatch.fnmatchcase(self.display_name, pattern) or
			fnmatch.fnmatchcase(self.label, pattern))


@dataclass(frozen=True)
class Dep:
	"""The edge fc -> tc with the event context and wait first seen."""
	addr: int
	fc: ClassRef
	tc: ClassRef
	ecxt_fn: Optional[str]
	event_fn: Optional[str]
	wait_fn: Optional[str]
	timeout: bool = False
	sched_sleep: bool = False


@dataclass(frozen=True)
class ClassInfo:
	cls: ClassRef
	out_deps: int
	in_deps: int


@dataclass(frozen=True)
class Held:
	"""One entry of dept_task.ecxt_held[]."""
	pos: int
	cls: Optional[ClassRef]
	sub_l: int
	map_addr: int
	map_name: Optional[str]
	wgen: int
	ecxt_addr: int  # 0: a nest_lock placeholder, never checked
	ecxt_fn: Optional[str]
	event_fn: Optional[str]


@dataclass(frozen=True)
class HistSlot:
	"""One used slot of dept_task.wait_hist[]."""
	slot: int
	cls: ClassRef
	wait_fn: Optional[str]
	wgen: int
	ctxt_id: int
	sched_sleep: bool = False
	timeout: bool = False


@dataclass(frozen=True)
class Stage:
	"""The wait staged for __schedule(): wgen is set when the task
	sleeps (the wait is committed) and reset by the waker."""
	name: Optional[str]
	sched_map: bool
	wait_fn: Optional[str]
	ip: str
	timeout: int
	wgen: int


@dataclass
class TaskState:
	pid: int
	comm: str
	addr: int
	held: List[Held]  # innermost first
	missing_ecxt: int
	hist: List[HistSlot]  # oldest first
	hist_size: int
	next_slot: int
	cxt_ids: List[int]  # per kind, as dept_task.cxt_id[]
	cxt_shift: int  # DEPT_CXTS_NR: the low bits of an id hold its kind
	wgen_enirq: List[int]
	enirq_ip: List[str]
	recursive: int
	stage: Optional[Stage]
	in_sched: bool
	task_exit: bool


@dataclass(frozen=True)
class PoolStat:
	"""One object pool, as /proc/dept_stats shows it."""
	name: str
	obj_sz: int
	total: int  # the boot array and every refill chunk
	reserved: int  # reserved at boot: the pool's chunk_nr
	used: int
	refills: int
	dropped: int  # allocations that found no object

	@property
	def grown(self) -> int:
		"""Allocated on demand since boot (none when a reservation
		that failed left the pool below chunk_nr)."""
		return max(self.total - self.reserved, 0)

	@property
	def free(self) -> int:
		return self.total - self.used

	@property
	def kbytes(self) -> int:
		return self.obj_sz * self.total // 1024


@dataclass
class Stats:
	pools: List[PoolStat]
	wgen: int
	reports: int
	ready: bool
	stopped: bool
	classes: int
	deps: int
