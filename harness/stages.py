# SPDX-License-Identifier: GPL-2.0
"""Run stages, as make test does, and print one KTAP document.

A stage is a program that prints a KTAP document on stdout; it becomes a
subtest of the document printed here (indented by two spaces), and is
kept in OUT/NAME.ktap.  Whatever a stage prints before its
'KTAP version 1' line goes to stderr.  A stage may have a build (e.g. its
target's kernel), run first with its output on stderr; if it fails, the
stage fails without running.  A stage may be skipped, with its reason,
instead of built and run.

Builds run one after another in the stages' order, beside the runs, which
also go in order: the next stages' builds go on (at the lowest CPU
priority, so that a running guest keeps its pace) while a stage runs,
but a build waits for the runs of the stages before it that share one of
its folders (a stage's folders: the kernel build folders its build
writes and its run reads).  Before the last line one diagnostic per
stage gives the wall time of its build and of its run, and one the wall
time of all.  The top-level results of every stage are the tests counted
by the last line, 'N passed, N failed' (', N skipped' when some were).
"""

import io
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Dict, Iterable, Iterator, List, Optional, Tuple

from harness import ktap


@dataclass
class Stage:
	"""One stage: @command (an argument list, no shell) prints its KTAP;
	@build runs first; @env adds to the environment of both; a @skip
	reason skips it, neither built nor run.  No other stage builds in its
	@folders while it builds or runs."""
	name: str
	command: List[str]
	build: Optional[List[str]] = None
	env: Dict[str, str] = field(default_factory=dict)
	skip: str = ''
	folders: Tuple[str, ...] = ()

	def environment(self) -> Dict[str, str]:
		return {**os.environ, **self.env}


# A stage's results, and what went wrong beyond its failed tests
Tally = Tuple[ktap.Counts, List[str]]


def count(lines: List[str], status: int) -> Tally:
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


def run_stage(writer: ktap.KtapWriter, stage: Stage, ktap_path: str) -> Tally:
	"""Run one stage, relaying its KTAP as a subtest as it comes."""
	lines: List[str] = []
	process = subprocess.Popen(stage.command, stdout=subprocess.PIPE,
				   stdin=subprocess.DEVNULL, text=True,
				   errors='replace', env=stage.environment())
	writer.relay(document_lines(process.stdout, lines))
	status = process.wait()
	with open(ktap_path, 'w', encoding='utf-8') as file:
		file.write(''.join(line + '\n' for line in lines))
	return count(lines, status)


def run_build(stage: Stage) -> int:
	"""Run a stage's build, all its output on stderr, at the lowest CPU
	priority: it yields the CPUs to a stage running beside it."""
	return subprocess.call(stage.build, stdin=subprocess.DEVNULL,
			       stdout=sys.stderr, env=stage.environment(),
			       preexec_fn=lambda: os.nice(19))


def duration(seconds: float) -> str:
	minutes, seconds = divmod(round(seconds), 60)
	return f'{minutes} min {seconds:02d} s' if minutes else f'{seconds} s'


def skip_stage(writer: ktap.KtapWriter, stage: Stage, ktap_path: str) -> Tally:
	"""A skipped stage: its file holds a document of one skipped test."""
	text = io.StringIO()
	document = ktap.KtapWriter(text)
	document.plan(1)
	document.result(stage.name, True, f'SKIP {stage.skip}')
	with open(ktap_path, 'w', encoding='utf-8') as file:
		file.write(text.getvalue())
	return document.counts, []


class Builds(threading.Thread):
	"""The builds of @stages, in order, on a thread of their own.  A
	build waits for the runs of the stages before it that use one of its
	folders; a run waits for its own build, hence for every build before
	it: no build and run in one folder overlap."""

	def __init__(self, stages: List[Stage]):
		super().__init__(daemon=True)
		self.stages = stages
		self.status = [threading.Event() for _ in stages]
		self.ran = [threading.Event() for _ in stages]
		self.results: List[Tuple[int, str]] = [(0, '')] * len(stages)

	def run(self) -> None:
		for index, stage in enumerate(self.stages):
			if stage.build and not stage.skip:
				for before, ran in zip(self.stages[:index], self.ran):
					if set(before.folders) & set(stage.folders):
						ran.wait()
				start = time.monotonic()
				status = run_build(stage)
				self.results[index] = (status, 'build ' + duration(
					time.monotonic() - start))
			self.status[index].set()

	def wait(self, index: int) -> Tuple[int, str]:
		"""The status and the time of stage @index's build, once done."""
		self.status[index].wait()
		return self.results[index]


def run(out: str, stages: List[Stage]) -> int:
	"""Run @stages in order, their KTAP files in @out; print the whole
	document and its closing line; 1 if any test failed, else 0."""
	os.makedirs(out, exist_ok=True)
	began = time.monotonic()
	writer = ktap.KtapWriter()
	writer.plan(len(stages))
	sys.stdout.flush()
	builds = Builds(stages)
	builds.start()
	total = ktap.Counts()
	times = []
	for index, stage in enumerate(stages):
		ktap_path = os.path.join(out, stage.name + '.ktap')
		if stage.skip:
			counts, _ = skip_stage(writer, stage, ktap_path)
			writer.result(stage.name, True, f'SKIP {stage.skip}')
			builds.ran[index].set()
			total += counts
			continue
		status, built = builds.wait(index)
		timing = [built] if built else []
		if status == 0:
			start = time.monotonic()
			counts, problems = run_stage(writer, stage, ktap_path)
			timing.append(f'run {duration(time.monotonic() - start)}')
		else:
			open(ktap_path, 'w', encoding='utf-8').close()
			counts, problems = ktap.Counts(failed=1), [
				f'the build failed (status {status}); its output '
				'is above on stderr']
		builds.ran[index].set()
		times.append(f'time {stage.name}: ' + ', '.join(timing))
		writer.diagnostic(f'{stage.name}: {problem}' for problem in problems)
		writer.result(stage.name, counts.failed == 0)
		total += counts
	times.append(f'time of all: {duration(time.monotonic() - began)}')
	writer.diagnostic(times)
	writer.summary(total)
	return 1 if total.failed else 0
