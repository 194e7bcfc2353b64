# SPDX-License-Identifier: GPL-2.0
"""Run the stages of 'make test' and print one KTAP document.

Each stage is a shell command that prints a KTAP document on stdout; it
becomes a subtest of the document printed here (indented by two spaces),
and is kept in OUT/NAME.ktap.  Whatever a stage prints before its
'KTAP version 1' line goes to stderr.  A stage may have a build command
(--build NAME=COMMAND, e.g. a target's kernel), run first with its output on
stderr; if it fails, the stage fails without running.  Before the last line
one diagnostic per stage gives the wall time of its build and of its run.
The top-level results of every stage are the tests counted by the last
line, 'N passed, N failed' (', N skipped' when some were).

usage: python3 -m harness.ktap_stages OUT [--build NAME=COMMAND]... NAME=COMMAND...
"""

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

KTAP_START = re.compile(r'^KTAP version 1$')
PLAN = re.compile(r'^1\.\.(\d+)$')
RESULT = re.compile(r'^(ok|not ok) \d+ [^#]*(?:# (\S+))?')


@dataclass
class Counts:
	passed: int = 0
	failed: int = 0
	skipped: int = 0
	problems: List[str] = field(default_factory=list)


def count(lines: List[str], status: int) -> Counts:
	"""Tally the top-level results of one stage's KTAP document."""
	counts = Counts()
	planned = None
	results = 0
	for line in lines:
		match = PLAN.match(line)
		if match and planned is None:
			planned = int(match.group(1))
		match = RESULT.match(line)
		if not match:
			continue
		results += 1
		if match.group(2) and match.group(2).upper() == 'SKIP':
			counts.skipped += 1
		elif match.group(1) == 'ok':
			counts.passed += 1
		else:
			counts.failed += 1
	if not lines:
		counts.problems.append('the stage printed no KTAP document')
		counts.failed += 1
	elif planned is not None and results < planned:
		counts.problems.append(f'{planned - results} of {planned} results missing')
		counts.failed += planned - results
	if status != 0 and counts.failed == 0:
		counts.problems.append(f'the stage exited with status {status}')
		counts.failed += 1
	return counts


def run_stage(command: str, ktap_path: str) -> Counts:
	"""Run one stage, relaying its KTAP indented as it comes."""
	lines: List[str] = []
	process = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE,
				   stdin=subprocess.DEVNULL, text=True,
				   errors='replace')
	for line in process.stdout:
		line = line.rstrip('\n')
		if not lines and not KTAP_START.match(line):
			print(line, file=sys.stderr, flush=True)
			continue
		lines.append(line)
		print(('  ' + line).rstrip(), flush=True)
	status = process.wait()
	with open(ktap_path, 'w', encoding='utf-8') as file:
		file.write(''.join(line + '\n' for line in lines))
	return count(lines, status)


def run_build(command: str) -> int:
	"""Run a stage's build command, all its output on stderr."""
	sys.stdout.flush()
	return subprocess.call(command, shell=True, stdin=subprocess.DEVNULL,
			       stdout=sys.stderr)


def duration(seconds: float) -> str:
	minutes, seconds = divmod(round(seconds), 60)
	return f'{minutes} min {seconds:02d} s' if minutes else f'{seconds} s'


def parse_args(argv: List[str]) -> Tuple[str, Dict[str, str], List[List[str]]]:
	out, builds, stages = argv[0], {}, []
	args = iter(argv[1:])
	for arg in args:
		if arg == '--build':
			name, command = next(args).split('=', 1)
			builds[name] = command
		else:
			stages.append(arg.split('=', 1))
	return out, builds, stages


def main(argv: List[str]) -> int:
	out, builds, stages = parse_args(argv)
	os.makedirs(out, exist_ok=True)
	print('KTAP version 1')
	print(f'1..{len(stages)}', flush=True)
	total = Counts()
	times = []
	for number, (name, command) in enumerate(stages, start=1):
		ktap_path = os.path.join(out, name + '.ktap')
		timing = []
		start = time.monotonic()
		status = run_build(builds[name]) if name in builds else 0
		if name in builds:
			timing.append(f'build {duration(time.monotonic() - start)}')
		if status == 0:
			start = time.monotonic()
			counts = run_stage(command, ktap_path)
			timing.append(f'run {duration(time.monotonic() - start)}')
		else:
			open(ktap_path, 'w', encoding='utf-8').close()
			counts = Counts(failed=1, problems=[
				f'the build failed (status {status}); its output is above on stderr'])
		times.append(f'# time {name}: ' + ', '.join(timing))
		for problem in counts.problems:
			print(f'# {name}: {problem}')
		print(f"{'ok' if counts.failed == 0 else 'not ok'} {number} {name}",
		      flush=True)
		total.passed += counts.passed
		total.failed += counts.failed
		total.skipped += counts.skipped
	print('\n'.join(times))
	summary = f'{total.passed} passed, {total.failed} failed'
	if total.skipped:
		summary += f', {total.skipped} skipped'
	print(summary)
	return 1 if total.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
