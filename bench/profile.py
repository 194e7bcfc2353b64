# SPDX-License-Identifier: GPL-2.0
"""make bench-profile: where the benchmark's time goes, function by
function, with DEPT on and with DEPT off.

UML only: its kernel is a host process, so the host's perf samples it
(cpu-clock, call graphs by frame pointer) and names its functions from
the kernel binary.  A QEMU guest would need perf inside it, and TCG
gives it no hardware counters.  Each column boots the benchmark scenario
once under 'perf record'.  The table lists the functions with the most
samples of their own, each with the part of the kernel it is in: DEPT's
engine (kernel/dependency/), lockdep (kernel/locking/lockdep.o) or the
rest; then each part's share of all samples.  The benchmark module's own
functions have no symbols here (perf shows their addresses): 'rest'.
"""

import json
import os
import re
import subprocess
from typing import Dict, List, NamedTuple, Tuple

from harness import target

# '    16.73%  [.] __lock_acquire'
REPORT_LINE = re.compile(r'^\s*(\d+\.\d+)%\s+\[[.k]\]\s+(\S+)')
# 'ffffffff81234567 t map_class' (nm): text symbols
NM_LINE = re.compile(r'^[0-9a-f]+ [tTW] (\S+)$')


class Column(NamedTuple):
	name: str
	cmdline: List[str]	# more kernel parameters, one argument each


def parse_report(text: str) -> List[Tuple[str, float]]:
	"""perf report's lines: (symbol, percent of all samples), in order."""
	found = []
	for line in text.splitlines():
		match = REPORT_LINE.match(line)
		if match:
			found.append((match.group(2), float(match.group(1))))
	return found


def text_symbols(nm_output: str) -> List[str]:
	return [m.group(1) for m in map(NM_LINE.match, nm_output.splitlines()) if m]


def part_of(symbol: str, parts: Dict[str, set]) -> str:
	for name, symbols in parts.items():
		if symbol in symbols:
			return name
	return 'rest'


def shares(samples: List[Tuple[str, float]],
	   parts: Dict[str, set]) -> Dict[str, float]:
	total = {name: 0.0 for name in list(parts) + ['rest']}
	for symbol, percent in samples:
		total[part_of(symbol, parts)] += percent
	return total


def render(columns: Dict[str, List[Tuple[str, float]]],
	   parts: Dict[str, set], top: int) -> List[str]:
	lines = []
	for name, samples in columns.items():
		lines.append(f'== um, DEPT {name}: the {top} functions with the '
			     'most samples of their own (perf, % of all samples)')
		width = max([len(s) for s, _ in samples[:top]] + [8])
		lines.append(f'{"self %":>7}  {"function":<{width}}  part')
		for symbol, percent in samples[:top]:
			lines.append(f'{percent:7.2f}  {symbol:<{width}}  '
				     f'{part_of(symbol, parts)}')
		lines.append('  parts: ' + ', '.join(
			f'{part} {percent:.1f} %' for part, percent in
			shares(samples, parts).items()))
		lines.append('')
	return lines


def nm_symbols(objects: List[str]) -> set:
	found = set()
	for path in objects:
		out = subprocess.run(['nm', '--defined-only', path], check=True,
				     capture_output=True, text=True).stdout
		found.update(text_symbols(out))
	return found


def record(boot: dict, column: Column, data: str, hz: int) -> None:
	"""One boot of the benchmark under perf record, as the runner boots a
	guest (harness.target.boot(): its console kept, the whole process
	group killed at the guest's timeout)."""
	command = ['perf', 'record', '-q', '-F', str(hz), '-g', '-o', data,
		   '--'] + boot['command'] + column.cmdline
	done = target.boot(command, boot['timeout'], data + '.console', False)
	if done.timed_out or done.status:
		what = (f'timed out after {boot["timeout"]} s' if done.timed_out
			else f'exited {done.status}')
		raise RuntimeError(f'the benchmark under perf with DEPT {column.name} '
				   f'{what}; console: {data}.console')


def report(data: str) -> List[Tuple[str, float]]:
	out = subprocess.run(['perf', 'report', '-i', data, '--no-children',
			      '--sort', 'sym', '-g', 'none', '--stdio'],
			     check=True, capture_output=True, text=True).stdout
	return parse_report(out)


def run(boot_file: str, columns: List[Column], out: str,
	parts: Dict[str, List[str]], hz: int, top: int) -> List[str]:
	with open(boot_file) as f:
		boot = json.load(f)
	symbols = {name: nm_symbols(objects) for name, objects in parts.items()}
	found = {}
	for column in columns:
		data = os.path.join(out, f'{column.name}.data')
		record(boot, column, data, hz)
		found[column.name] = report(data)
	return render(found, symbols, top)
