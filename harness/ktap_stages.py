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

usage: python3 -m harness.ktap_stages OUT [--build NAME=COMMAND]...
		NAME=COMMAND...
"""

import os
import subprocess
import sys
import time
from typing import Dict, Iterable, Iterator, List, Tuple

from harness import ktap

# A stage's results, and what went wrong beyond its failed tests
Stage = Tuple[ktap.Counts, List[str]]


def count(lines: List[str], status: int) -> Stage:
	"""Tally the top-level results of one stage's KTAP document; the
	problems beyond its failed tests, each counted as one more failure."""
	document = ktap.parse(lines)
	counts = document.counts()
	problems = []
	missing = (document.plan or 0) - len(document.results)
	if not lines:
		problems.append('the stage printed no KTAP document')
		counts.failed += 1
	elif missing > 0:
		problems.append(f'{missing} of {document.plan} results missing')
		counts.failed += missing
	if status != 0 and counts.failed == 0:
		problems.append(f'the stage exited with status {status}')
		counts.failed += 1
	return counts, problems


def document_lines(output: Iterable[str], lines: List[str]) -> Iterator[str]:
	"""The lines of the KTAP document in @output as they come, kept in
	@lines; what comes before its version line goes to stderr."""
	for line in output:
		line = line.rstrip('\n')
		if not lines and line != ktap.VERSION:
			print(line, file=sys.stderr, flush=True)
			continue
		lines.append(line)
		yield line


def run_stage(writer: ktap.KtapWriter, command: str, ktap_path: str) -> Stage:
	"""Run one stage, relaying its KTAP as a subtest as it comes."""
	lines: List[str] = []
	process = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE,
				   stdin=subprocess.DEVNULL, text=True,
				   errors='replace')
	writer.relay(document_lines(process.stdout, lines))
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
	writer = ktap.KtapWriter()
	writer.plan(len(stages))
	total = ktap.Counts()
	times = []
	for name, command in stages:
		ktap_path = os.path.join(out, name + '.ktap')
		timing = []
		start = time.monotonic()
		status = run_build(builds[name]) if name in builds else 0
		if name in builds:
			timing.append(f'build {duration(time.monotonic() - start)}')
		if status == 0:
			start = time.monotonic()
			counts, problems = run_stage(writer, command, ktap_path)
			timing.append(f'run {duration(time.monotonic() - start)}')
		else:
			open(ktap_path, 'w', encoding='utf-8').close()
			counts, problems = ktap.Counts(failed=1), [
				f'the build failed (status {status}); its output '
				'is above on stderr']
		times.append(f'time {name}: ' + ', '.join(timing))
		writer.diagnostic(f'{name}: {problem}' for problem in problems)
		writer.result(name, counts.failed == 0)
		total += counts
	writer.diagnostic(times)
	writer.summary(total)
	return 1 if total.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
