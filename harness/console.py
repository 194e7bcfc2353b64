# SPDX-License-Identifier: GPL-2.0
"""What a guest's console says: the harness markers and the kernel's reports.

The console of one boot is split into lines (printk timestamps and terminal
control sequences stripped), the markers that /init prints around the
scenario are read, and every kernel report is found with its detector, its
title and, for the lock dependency reports of DEPT and lockdep, the lock
classes it names.
"""

import re
from dataclasses import dataclass, field
from typing import FrozenSet, List, Optional, Tuple

TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\] ')
# Where a kernel message begins inside a line: after the text of a
# program that wrote no line end (getty's "login: ", a progress meter)
KMSG_START = re.compile(r'(?=\[\s*\d+\.\d+\] )')
# Terminal control sequences: firmware (SeaBIOS) clears the serial console.
TERMINAL_RESET = '\x1bc'
ESCAPE = re.compile(r'\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-~])')
START_MARKER = re.compile(r'^harness: scenario (\S+) start$')
EXIT_MARKER = re.compile(r'^harness: scenario (\S+) exit (\d+)$')
SEPARATOR = re.compile(r'^={20,}$')
# DEPT's graph as scenarios/guest/dept-edges dumps it: "FROM -> TO" lines
# between the two markers, each class "name:subclass"
EDGES_START = 'harness: dept_edges'
EDGES_END = 'harness: dept_edges end'
EDGE_LINE = re.compile(r'^(.+:\d+) -> (.+:\d+)$')

# A report that opens with a line of '=' and then "<prefix><title>".
BANNERED = (
	('dept', re.compile(r'^DEPT: (.+)$')),
	('lockdep', re.compile(r'^WARNING: (?!CPU: )(.+)$')),
)
# Reports recognised by their first line alone; the first match wins.
UNBANNERED = (
	('warning', re.compile(r'^(WARNING: (?:CPU: |at ).*)$')),
	('dept-warning', re.compile(r'^DEPT_WARN: (.*)$')),
	('kasan', re.compile(r'^(BUG: KASAN: .*)$')),
	('kcsan', re.compile(r'^(BUG: KCSAN: .*)$')),
	('bug', re.compile(r'^(?:\S+: )?(BUG: .*)$')),
	('ubsan', re.compile(r'^(UBSAN: .*)$')),
	('oops', re.compile(r'^((?:Internal error: )?Oops\b.*)$')),
	('panic', re.compile(r'^(Kernel panic - not syncing.*)$')),
	('hung-task', re.compile(r'^(INFO: task .* blocked for more than .*)$')),
	('rcu-stall', re.compile(r'^((?:rcu: )?INFO: .*detected stall.*)$')),
)
DETECTORS = tuple(name for name, _ in BANNERED + UNBANNERED)

# DEPT summary line: "[S] lock(&a:0)", the function may be "(unknown)".
DEPT_SUMMARY_LINE = re.compile(
	r'^\[[SWE]\] (?:\(unknown\)|[^\s()]+)\((.+):\d+\)$')
DEPT_RULE = re.compile(r'^-{20,}$')
# lockdep lock line: "... (mutex_a){+.+.}-{4:4}, at: ..." or "-> #1 (&a){...}:"
LOCKDEP_CLASS = re.compile(r'\((.+)\)\{[^{}]*\}')
LOCKDEP_CLASSES_END = re.compile(
	r'^(other info that might help us debug this|stack backtrace:)')


@dataclass(frozen=True)
class Report:
	detector: str
	title: str
	line: int  # index of the title line in Console.lines
	lines: List[str] = field(compare=False)
	classes: FrozenSet[str] = frozenset()

	def describe(self) -> str:
		text = f'{self.detector} report "{self.title}"'
		if self.classes:
			text += ' naming ' + ', '.join(sorted(self.classes))
		return text


@dataclass
class Console:
	lines: List[str]
	reports: List[Report]
	started: bool
	exit_status: Optional[int]
	# DEPT's dependencies of the last complete dump, None without one
	edges: Optional[List[Tuple[str, str]]] = None


def strip_timestamp(line: str) -> str:
	"""The text of a console line: no line end, no terminal control
	sequences, no printk timestamp."""
	return TIMESTAMP.sub('', ESCAPE.sub('', line.rstrip('\r\n')))


def console_lines(text: str) -> List[str]:
	"""The console's lines, stripped as strip_timestamp() does, each
	kernel message on a line of its own: one that began where a program
	left a line without its end is found at the start of a line, as the
	markers and report titles are looked for."""
	# A terminal reset (ESC c), which firmware sends before the kernel
	# prints, may follow firmware text without a newline: it starts a line.
	text = text.replace(TERMINAL_RESET, TERMINAL_RESET + '\n')
	lines = []
	for line in text.splitlines():
		parts = [strip_timestamp(part) for part in KMSG_START.split(line)]
		lines.extend(part for part in parts if part or len(parts) == 1)
	return lines


def dept_classes(lines: List[str]) -> FrozenSet[str]:
	"""The classes of the summary section of a DEPT report."""
	stripped = [line.strip() for line in lines]
	if 'summary' not in stripped:
		return frozenset()
	start = stripped.index('summary') + 2  # past the rule under it
	classes = set()
	for line in stripped[start:]:
		if DEPT_RULE.match(line):
			break
		match = DEPT_SUMMARY_LINE.match(line)
		if match:
			classes.add(match.group(1))
	return frozenset(classes)


def lockdep_classes(lines: List[str]) -> FrozenSet[str]:
	"""The lock classes a lockdep report names before its debug info."""
	classes = set()
	for line in lines:
		if LOCKDEP_CLASSES_END.match(line.strip()):
			break
		classes.update(LOCKDEP_CLASS.findall(line))
	return frozenset(classes)


CLASS_PARSERS = {'dept': dept_classes, 'lockdep': lockdep_classes}


def find_report_start(lines: List[str], index: int):
	"""(detector, title) if a report opens at lines[index], else None."""
	line = lines[index]
	if index > 0 and SEPARATOR.match(lines[index - 1]):
		for detector, pattern in BANNERED:
			match = pattern.match(line)
			if match:
				return detector, match.group(1)
	for detector, pattern in UNBANNERED:
		match = pattern.match(line)
		if match:
			return detector, match.group(1)
	return None


def find_reports(lines: List[str]) -> List[Report]:
	starts = []
	for index in range(len(lines)):
		found = find_report_start(lines, index)
		if found:
			starts.append((index, *found))
	reports = []
	for number, (index, detector, title) in enumerate(starts):
		end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
		body = lines[index:end]
		for offset, line in enumerate(body):
			if START_MARKER.match(line) or EXIT_MARKER.match(line):
				body = body[:offset]
				break
		classes = CLASS_PARSERS.get(detector, lambda _: frozenset())(body)
		reports.append(Report(detector, title, index, body, classes))
	return reports


def find_edges(lines: List[str]) -> Optional[List[Tuple[str, str]]]:
	"""The dependencies of the last complete dump of DEPT's graph."""
	edges, dump = None, None
	for line in lines:
		if line == EDGES_START:
			dump = []
		elif line == EDGES_END:
			edges, dump = dump, None
		elif dump is not None:
			match = EDGE_LINE.match(line)
			if match:
				dump.append((match.group(1), match.group(2)))
	return edges


def parse(text: str, scenario: str) -> Console:
	lines = console_lines(text)
	started = False
	exit_status = None
	for line in lines:
		match = START_MARKER.match(line)
		if match and match.group(1) == scenario:
			started = True
		match = EXIT_MARKER.match(line)
		if match and match.group(1) == scenario:
			exit_status = int(match.group(2))
	return Console(lines, find_reports(lines), started, exit_status,
		       find_edges(lines))
