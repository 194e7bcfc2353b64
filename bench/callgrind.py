# SPDX-License-Identifier: GPL-2.0
"""Instruction counts of a callgrind dump (the format of callgrind's
'callgrind.out.PID.N' files): all of them, those of the engine's own code
(src/kernel/dependency, src/include/linux/dept*), and those under its
calls of stack_trace_save()."""

import re
from dataclasses import dataclass
from typing import Dict, List, Optional

TRIGGER = re.compile(r'^desc: Trigger: Client Request: (\S+)$')
# 'fl=(12) /path' defines name 12, 'fl=(12)' uses it; so for fn, cfn, ...
NAMED = re.compile(r'^(c?(?:ob|fl|fi|fe|fn))=(?:\((\d+)\))? ?(.*)$')
ENGINE_FILE = re.compile(r'(^|/)(kernel/dependency/[^/]+|include/linux/dept[^/]*)$')
STACK_TRACE = 'stack_trace_save'


@dataclass
class Dump:
	name: str	# the figure (CALLGRIND_DUMP_STATS_AT's string)
	total: int	# every instruction counted
	engine: int	# instructions of the engine's own code
	stacktrace: int	# instructions under the engine's stack_trace_save()


def parse(lines: List[str]) -> Optional[Dump]:
	"""The counts of one dump; None for a dump no client request made
	(the one at program termination)."""
	name = None
	total = engine = stacktrace = 0
	names: Dict[tuple, str] = {}
	current = {'fl': '', 'fi': '', 'fn': '', 'cfn': ''}
	call_cost_next = False
	for line in lines:
		match = TRIGGER.match(line)
		if match:
			name = match.group(1)
			continue
		if line.startswith(('summary:', 'totals:')):
			total = int(line.split()[1])
			continue
		match = NAMED.match(line)
		if match:
			kind, number, text = match.groups()
			table = 'fn' if kind.endswith('fn') else kind.lstrip('c')
			if kind in ('fi', 'fe', 'cfi', 'cfl'):
				table = 'fl'
			if number and text:
				names[(table, number)] = text
			value = names.get((table, number), '') if number else text
			if kind == 'fl':
				current['fl'] = current['fi'] = value
			elif kind in ('fi', 'fe'):
				current['fi'] = value
			elif kind == 'fn':
				current['fn'] = value
				current['fi'] = current['fl']
			elif kind == 'cfn':
				current['cfn'] = value
			continue
		if line.startswith('calls='):
			call_cost_next = True
			continue
		if not line or not (line[0].isdigit() or line[0] in '+-*'):
			continue
		words = line.split()
		cost = int(words[1]) if len(words) > 1 else 0
		if call_cost_next:
			call_cost_next = False
			if current['cfn'] == STACK_TRACE:
				stacktrace += cost
		elif ENGINE_FILE.search(current['fi']):
			engine += cost
	if name is None:
		return None
	return Dump(name, total, engine, stacktrace)


def read(path: str) -> Optional[Dump]:
	with open(path, encoding='utf-8', errors='replace') as file:
		return parse(file.read().splitlines())
