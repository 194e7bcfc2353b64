# SPDX-License-Identifier: GPL-2.0
"""A DEPT report as data: its kind, the contexts of its cycle, and for
each context the function and class of its start [S], its wait [W] and
its event [E], with the instruction pointer and stack DEPT printed for
each (harness/console.py finds the reports on a console).

The JSON form (as_json()) is what dept-report writes and what
dept-report.schema.json describes; its 'version' changes when a reader
would have to change.
"""

import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from harness.console import Report

JSON_VERSION = 1
KINDS = {'*** DEADLOCK ***': 'deadlock', '*** AA DEADLOCK ***': 'aa-deadlock'}
# a cycle through a wait with a timeout: DEPT says it is not a deadlock
CIRCULAR = 'circular-dependency'
ROLES = {'S': 'start', 'W': 'wait', 'E': 'event'}

RULE = re.compile(r'^-{20,}$')
CONTEXT = re.compile(r'^context (\S+)$')
DETAIL = re.compile(r"^context (\S+)'s detail$")
# "[S] lock(mutex_a:0)"; the class may hold parentheses and colons
PLACE = re.compile(r'^\[([SWE])\] (\(unknown\)|[^\s(]+)\((.+):(\d+)\)(:?)$')
# "[<ffffffffa000002e>] y+0xe/0x40 [dept_article_xyz]" (the ip line) and
# "      y+0xe/0x40 [dept_article_xyz]" (a stack frame); "? x+0x1/0x2"
# marks a guess of the unwinder
FRAME = re.compile(r'^(?:\[<([0-9a-f]+)>\] )?(\? )?([\w.$]+)\+(0x[0-9a-f]+)/'
		   r'(0x[0-9a-f]+)(?: \[(\S+)\])?$')
IRQ_BLOCK = re.compile(r'^((?:soft|hard)irq) (has been enabled|context):$')


@dataclass
class Frame:
	symbol: str
	offset: int
	size: int
	module: Optional[str] = None
	address: Optional[int] = None
	guess: bool = False
	file: Optional[str] = None	# filled by harness/dept_decode.py
	line: Optional[int] = None

	@property
	def text(self) -> str:
		"""As the kernel prints it: symbol+0xoff/0xsize."""
		return f'{self.symbol}+{self.offset:#x}/{self.size:#x}'

	@property
	def place(self) -> str:
		"""file:line if decoded (relative to the working directory when
		under it), else the symbol and offset."""
		if self.file:
			path = self.file
			if os.path.isabs(path) and path.startswith(os.getcwd() + os.sep):
				path = os.path.relpath(path)
			return f'{path}:{self.line}'
		return self.text + (f' [{self.module}]' if self.module else '')

	def as_json(self) -> dict:
		record = {'symbol': self.symbol, 'offset': self.offset,
			  'size': self.size}
		for name in ('module', 'address', 'file', 'line'):
			value = getattr(self, name)
			if value is not None:
				record[name] = value
		if self.guess:
			record['guess'] = True
		return record


def with_frames(record: dict, ip: Optional[Frame], stack: List[Frame]) -> dict:
	"""@record with the ip and the stack DEPT printed, where it did."""
	if ip:
		record['ip'] = ip.as_json()
	if stack:
		record['stack'] = [f.as_json() for f in stack]
	return record


@dataclass
class Place:
	"""[S], [W] or [E] of a context: a function and a class."""
	function: Optional[str]		# None: DEPT printed (unknown)
	cls: str
	subclass: int
	ip: Optional[Frame] = None	# None: DEPT printed (N/A)
	stack: List[Frame] = field(default_factory=list)

	@property
	def label(self) -> str:
		return f"{self.function or '(unknown)'}({self.cls}:{self.subclass})"

	@property
	def where(self) -> Optional[str]:
		"""The first frame that tells where, decoded when it could be."""
		return self.ip.place if self.ip else None

	def as_json(self) -> dict:
		return with_frames({'function': self.function, 'class': self.cls,
				    'subclass': self.subclass}, self.ip, self.stack)


@dataclass
class Irq:
	"""An IRQ state of a context: where it was enabled, or the IRQ the
	wait happened in."""
	irq: str		# softirq, hardirq
	what: str		# 'has been enabled' or 'context'
	ip: Optional[Frame] = None
	stack: List[Frame] = field(default_factory=list)

	def as_json(self) -> dict:
		return with_frames({'irq': self.irq, 'what': self.what}, self.ip,
				   self.stack)


@dataclass
class Context:
	name: str
	start: Place
	wait: Place
	event: Place
	irqs: List[Irq] = field(default_factory=list)

	def places(self) -> Dict[str, Place]:
		return {'start': self.start, 'wait': self.wait, 'event': self.event}

	def as_json(self) -> dict:
		record = {'name': self.name}
		record.update({role: place.as_json()
			       for role, place in self.places().items()})
		if self.irqs:
			record['irqs'] = [irq.as_json() for irq in self.irqs]
		return record


@dataclass
class DeptReport:
	title: str
	kind: str
	contexts: List[Context]
	line: int		# of the title in the console's lines

	@property
	def classes(self) -> List[str]:
		"""Every class of the cycle, as the scenario expectations name
		them (without subclass), sorted."""
		return sorted({place.cls for c in self.contexts
			       for place in c.places().values()})

	def frames(self) -> List[Frame]:
		found = []
		for context in self.contexts:
			for place in context.places().values():
				found += ([place.ip] if place.ip else []) + place.stack
			for irq in context.irqs:
				found += ([irq.ip] if irq.ip else []) + irq.stack
		return found

	def as_json(self) -> dict:
		return {'version': JSON_VERSION, 'detector': 'dept',
			'title': self.title, 'kind': self.kind,
			'classes': self.classes, 'console_line': self.line + 1,
			'contexts': [c.as_json() for c in self.contexts]}


class ReportError(Exception):
	"""A DEPT report that cannot be read (cut short, garbled): says why."""


def parse_frame(text: str) -> Optional[Frame]:
	match = FRAME.match(text.strip())
	if not match:
		return None
	address, guess, symbol, offset, size, module = match.groups()
	return Frame(symbol, int(offset, 16), int(size, 16), module,
		     int(address, 16) if address else None, bool(guess))


def parse_place(text: str) -> Optional[tuple]:
	"""('S', Place) of "[S] fn(class:sub)" (and of its detail heading,
	which ends with ':'), else None."""
	match = PLACE.match(text.strip())
	if not match:
		return None
	role, function, cls, subclass, _ = match.groups()
	return role, Place(None if function == '(unknown)' else function, cls,
			   int(subclass))


def summary_contexts(lines: List[str]) -> tuple:
	"""(kind, {name: {role: Place}} in order) of the summary section."""
	kind = None
	contexts: Dict[str, Dict[str, Place]] = {}
	current = None
	for line in lines:
		text = line.strip()
		if DETAIL.match(text):
			break
		if text in KINDS:
			kind = KINDS[text]
		elif text.startswith('***') and kind is None:
			kind = CIRCULAR
		match = CONTEXT.match(text)
		if match:
			current = contexts.setdefault(match.group(1), {})
			continue
		parsed = parse_place(text)
		if parsed and current is not None:
			current[parsed[0]] = parsed[1]
		if not text:
			current = None
	return kind or CIRCULAR, contexts


def read_block(lines: List[str], index: int) -> tuple:
	"""The ip and the stack printed from lines[index] on, and the index
	after them."""
	ip = None
	stack: List[Frame] = []
	if index < len(lines) and lines[index].strip() == '(N/A)':
		return None, stack, index + 1
	if index < len(lines):
		ip = parse_frame(lines[index])
		if ip:
			index += 1
	if index < len(lines) and lines[index].strip() == 'stacktrace:':
		index += 1
		while index < len(lines):
			frame = parse_frame(lines[index])
			if not frame:
				break
			stack.append(frame)
			index += 1
	return ip, stack, index


def add_details(lines: List[str], contexts: Dict[str, Context]) -> None:
	"""Fill each context's ips, stacks and IRQ states from its detail."""
	current = None
	index = 0
	while index < len(lines):
		text = lines[index].strip()
		match = DETAIL.match(text)
		if match:
			current = contexts.get(match.group(1))
			index += 1
			continue
		if current is not None and text.endswith(':'):
			parsed = parse_place(text)
			irq = IRQ_BLOCK.match(text)
			if parsed:
				place = getattr(current, ROLES[parsed[0]])
				place.ip, place.stack, index = read_block(lines, index + 1)
				continue
			if irq:
				ip, stack, index = read_block(lines, index + 1)
				current.irqs.append(Irq(irq.group(1), irq.group(2), ip, stack))
				continue
		index += 1


def parse(report: Report) -> DeptReport:
	"""The DEPT report that harness/console.py found."""
	kind, summary = summary_contexts(report.lines)
	contexts = {}
	for name, places in summary.items():
		missing = [ROLES[r] for r in ROLES if r not in places]
		if missing:
			raise ReportError(f'context {name} of the report on console line '
					  f'{report.line + 1} has no {", ".join(missing)}')
		contexts[name] = Context(name, places['S'], places['W'], places['E'])
	if not contexts:
		raise ReportError(f'the report on console line {report.line + 1} '
				  'has no context')
	add_details(report.lines, contexts)
	return DeptReport(report.title, kind, list(contexts.values()), report.line)
