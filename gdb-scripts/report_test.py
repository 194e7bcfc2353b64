# SPDX-License-Identifier: GPL-2.0
"""The DEPT gdb commands against a real kernel: boot scenario
dept-article-xyz under gdb, stop at DEPT's report (report_probe.py) and
check what the commands say against the scenario's expectation, the
report on the console and lockdep's own view of the reporting task.

The session comes from the environment (gdb.mk sets it):
  DEPT_GDB_SESSION  the gdb_session.py command line, without --batch
  DEPT_GDB_WORK     a directory for the session's files

usage (from the repository root):
  PYTHONPATH=gdb-scripts python3 -m unittest report_test
"""

import json
import os
import re
import shlex
import subprocess
import unittest
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Tuple

from harness import console, scenario
from harness.paths import SCENARIOS_DIR

# dept-article-xyz, and /proc/dept_deps printed after it (only-for gdb)
SCENARIO = 'dept-article-xyz-proc'
SCENARIO_DIR = os.path.join(SCENARIOS_DIR, SCENARIO)
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
		     'report_probe.py')
# the scenario's threads (scenario_threads.h names them after their code)
THREADS = ('x', 'y', 'z')
# time for gdb, beyond the scenario's own timeout
GDB_SLACK = 120
CONTEXT = re.compile(r'^context [A-Z]$')
CALL = re.compile(r'^\[[SWE]\] (\S+)\((.+):(\d+)\)$')
CELL_GAP = re.compile(r'\s{2,}')
LEGEND = '[S]:'
PROC_BEGIN = 'gdb-test: /proc/dept_deps begin'
PROC_END = 'gdb-test: /proc/dept_deps end'
PROC_CLASS = re.compile(r'^\[[0-9a-f]+\] (.+)$')
PROC_DEP = re.compile(r'^ -> \[[0-9a-f]+\] (.+)$')
DEPS_CLASS = re.compile(r'^class (.+) at 0x[0-9a-f]+: \d+ out, \d+ in$')
NOT_DEPT = re.compile(r'DEPT is not built into this kernel')


def context_blocks(lines: List[str]) -> List[List[str]]:
	"""The [S]/[W]/[E] lines of each 'context X' block up to a report's
	legend (its details repeat the blocks), stripped."""
	blocks = []
	stripped = [line.strip() for line in lines]
	for i, line in enumerate(stripped):
		if line.startswith(LEGEND):
			break
		if CONTEXT.match(line):
			blocks.append(stripped[i + 1:i + 4])
	return blocks


def table(output: str, header: str) -> List[List[str]]:
	"""The rows of the table under the line starting with @header, up to
	the first line that is not indented.  Cells are apart by two spaces
	or more; a cell may hold one space ("subsys mutex:0")."""
	lines = output.splitlines()
	start = next(i for i, line in enumerate(lines)
		     if line.strip().startswith(header))
	rows = []
	for line in lines[start + 1:]:
		if not line.startswith('  '):
			break
		rows.append(CELL_GAP.split(line.strip()))
	return rows


def call(line: str) -> re.Match:
	"""'[S] fn(class:sub)' split into fn, class and sub."""
	match = CALL.match(line)
	if not match:
		raise AssertionError(f'not a report line: {line}')
	return match


def proc_graph(lines: List[str]) -> List[Tuple[str, List[str]]]:
	"""Each class of /proc/dept_deps on the console, with the classes its
	dependencies go to, in the file's order."""
	graph: List[Tuple[str, List[str]]] = []
	inside = False
	for line in lines:
		if line == PROC_BEGIN:
			inside = True
			graph = []
		elif line == PROC_END:
			inside = False
		elif inside and PROC_CLASS.match(line):
			graph.append((PROC_CLASS.match(line).group(1), []))
		elif inside and PROC_DEP.match(line) and graph:
			graph[-1][1].append(PROC_DEP.match(line).group(1))
	return graph


def deps_graph(output: str) -> List[Tuple[str, List[str]]]:
	"""The same from the output of dept-deps '*'."""
	graph: List[Tuple[str, List[str]]] = []
	section = None
	for line in output.splitlines():
		match = DEPS_CLASS.match(line)
		if match:
			graph.append((match.group(1), []))
		elif line.startswith(('out:', 'in:')):
			section = line.split(':')[0]
		elif (section == 'out' and line.startswith('  ') and
		      not line.strip().startswith(('from  ', '(none)'))):
			graph[-1][1].append(CELL_GAP.split(line.strip())[1])
	return graph


@dataclass
class Session:
	classes: FrozenSet[str]  # the classes the scenario's report names
	record: Dict  # what report_probe.py wrote
	console: console.Console
	log: str


def run_session() -> Session:
	session = os.environ.get('DEPT_GDB_SESSION')
	work = os.environ.get('DEPT_GDB_WORK')
	if not session or not work:
		raise unittest.SkipTest('DEPT_GDB_SESSION and DEPT_GDB_WORK are '
					'not set (run by gdb.mk)')
	expected = scenario.load(SCENARIO, SCENARIO_DIR).expectation
	classes = next(r.classes for r in expected.reports if r.detector == 'dept')
	os.makedirs(work, exist_ok=True)
	out = os.path.join(work, 'probe.json')
	log = os.path.join(work, 'gdb.log')
	# the guest's console: gdb's output under UML, a file under QEMU
	guest = os.path.join(work, 'console.log')
	for stale in (out, guest):
		if os.path.exists(stale):
			os.unlink(stale)
	env = dict(os.environ, DEPT_PROBE_OUT=out,
		   DEPT_PROBE_COMMS=','.join(THREADS))
	command = shlex.split(session) + ['--scenario', SCENARIO, '--report',
					  '--batch', PROBE]
	with open(log, 'w', encoding='utf-8') as file:
		subprocess.run(command, env=env, stdout=file,
			       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
			       timeout=expected.timeout + GDB_SLACK, check=False)
	with open(log, encoding='utf-8', errors='replace') as file:
		text = file.read()
	if NOT_DEPT.search(text):
		raise unittest.SkipTest('the kernel has no CONFIG_DEPT')
	if not os.path.exists(out):
		raise AssertionError(f'the probe left no record; see {log}')
	with open(out, encoding='utf-8') as file:
		record = json.load(file)
	if os.path.exists(guest):
		with open(guest, encoding='utf-8', errors='replace') as file:
			text = file.read()
	return Session(classes, record, console.parse(text, SCENARIO), log)


# One gdb session serves every test; its outcome, or why it failed, is
# kept (the KTAP runner runs each test on its own, without class set-up).
_SESSION: List = []


def the_session() -> Session:
	if not _SESSION:
		try:
			_SESSION.append(run_session())
		except (unittest.SkipTest, AssertionError, OSError,
			subprocess.TimeoutExpired) as error:
			_SESSION.append(error)
	if isinstance(_SESSION[0], Exception):
		raise _SESSION[0]
	return _SESSION[0]


class ReportTest(unittest.TestCase):

	def setUp(self):
		session = the_session()
		self.classes = session.classes
		self.record = session.record
		self.console = session.console
		self.log = session.log
		if not self.record['reported']:
			self.fail(f'gdb never stopped in the report ({self.log})')

	def at_report(self, command: str) -> str:
		return self.record['at_report'][command]

	def dept_report(self) -> console.Report:
		"""The scenario's report on the console (a kernel may report
		other cycles, at boot for instance)."""
		reports = [r for r in self.console.reports
			   if r.detector == 'dept' and r.classes == self.classes]
		self.assertTrue(reports, 'no DEPT report of the scenario on the '
				f'console ({self.log})')
		return reports[0]

	def test_cycle_names_the_scenarios_classes(self):
		names = set()
		for block in context_blocks(self.at_report('dept-cycle').splitlines()):
			for line in block:
				names.add(call(line).group(2))
		self.assertEqual(names, set(self.classes))

	def test_cycle_is_the_consoles_report_before_and_after(self):
		on_console = context_blocks(self.dept_report().lines)
		self.assertTrue(on_console)
		during = self.at_report('dept-cycle')
		after = self.record['after_report']['dept-cycle']
		self.assertIn('being printed', during)
		self.assertIn('the latest report', after)
		self.assertEqual(context_blocks(during.splitlines()), on_console)
		self.assertEqual(context_blocks(after.splitlines()), on_console)

	def test_reporting_task_holds_what_lockdep_says(self):
		if self.record['lockdep_held'] is None:
			self.skipTest('the kernel has no lockdep to compare with')
		output = self.at_report('dept-task')
		self.assertIn(f"dept_task of pid {self.record['pid']} ", output)
		held = [row[1].rsplit(':', 1)[0] for row in table(output, 'pos')
			] if '  pos  ' in output else []
		# lockdep lists them outermost first
		self.assertEqual(held, self.record['lockdep_held'][::-1])
		for name in self.classes:
			self.assertNotIn(name, held)

	def test_reporting_task_waited_on_the_new_dependencys_class(self):
		"""The new dependency, printed last, is an event of this task
		waiting for a wait the task made: that wait is in its ring."""
		output = self.at_report('dept-task')
		waits = [row[3] for row in table(output, 'slot')]
		blocks = context_blocks(self.at_report('dept-cycle').splitlines())
		self.assertIn(blocks[-1][1][len('[W] '):], waits)

	def test_sleeping_thread_holds_its_mutex_and_staged_wait(self):
		"""Thread x sleeps on comp_b holding a mutex of class mutex_a, and
		the reporting task is waking it up.  x's held context, its
		committed wait and its stage, which the waker has just consumed,
		are those of the report's context that waits for comp_b."""
		blocks = context_blocks(self.at_report('dept-cycle').splitlines())
		context = next(b for b in blocks if call(b[1]).group(2) == 'comp_b')
		start, wait, event = (call(line) for line in context)
		output = self.at_report(f"dept-task {self.record['tasks']['x']}")
		rows = table(output, 'pos')
		self.assertEqual([r[1] for r in rows],
				 [f'{start.group(2)}:{start.group(3)}'])
		self.assertEqual(rows[0][5], f'{start.group(1)} / {event.group(1)}')
		slept = [r for r in table(output, 'slot')
			 if r[3] == context[1][len('[W] '):]]
		self.assertEqual([r[4:5] for r in slept], [['sched-sleep']])
		self.assertRegex(output, rf'staged wait: {re.escape(wait.group(1))}'
				 r'\(comp_b\), not awaited')

	def test_classes_and_deps_agree(self):
		"""Each cycle class's dept-deps lists as many dependencies as
		dept-classes counts, and its out-edge of the cycle."""
		counts = {}
		for row in table(self.at_report('dept-classes'), 'class'):
			counts[row[3]] = (int(row[1]), int(row[2]))
		blocks = context_blocks(self.at_report('dept-cycle').splitlines())
		deps = [c for c in self.record['at_report'] if c.startswith('dept-deps')]
		self.assertEqual(len(deps), len(blocks))
		for command, block in zip(deps, blocks):
			address = command.split()[1]
			output = self.at_report(command)
			out, into = counts[address]
			self.assertIn(f'at {address}: {out} out, {into} in', output)
			start, wait, event = (call(line) for line in block)
			edge = [f'{start.group(2)}:{start.group(3)}',
				f'{wait.group(2)}:{wait.group(3)}',
				start.group(1), wait.group(1), event.group(1)]
			self.assertIn(edge, [r[:5] for r in table(output, 'from')])

	def test_stats_count_the_graph(self):
		output = self.at_report('dept-stats')
		rows = table(self.at_report('dept-classes'), 'class')
		match = re.match(r'DEPT running; wgen (\d+); (\d+) reports; '
				 r'(\d+) classes, (\d+) dependencies', output)
		self.assertTrue(match, output)
		after = re.match(r'DEPT running; wgen \d+; (\d+) reports',
				 self.record['after_report']['dept-stats'])
		self.assertTrue(after)
		# the report counts itself once it prints
		self.assertEqual(int(after.group(1)), int(match.group(2)) + 1)
		self.assertEqual(int(match.group(3)), len(rows))
		self.assertEqual(int(match.group(4)), sum(int(r[1]) for r in rows))
		self.assertEqual(int(match.group(4)), sum(int(r[2]) for r in rows))
		pools = {r[0]: r for r in table(output, 'pool')}
		self.assertEqual(int(pools['class'][4]), len(rows))

	def test_graph_is_proc_dept_deps(self):
		"""dept-deps '*' where /proc/dept_deps locked the graph lists the
		same classes, in the same order, with the same dependencies."""
		if 'proc_error' in self.record:
			self.skipTest(f"no /proc/dept_deps: {self.record['proc_error']}")
		on_console = proc_graph(self.console.lines)
		self.assertTrue(on_console, f'no /proc/dept_deps output ({self.log})')
		self.assertIn('proc_graph', self.record)
		in_gdb = deps_graph(self.record['proc_graph'])
		self.assertEqual(len(in_gdb), len(on_console))
		self.assertEqual(in_gdb, on_console)


if __name__ == '__main__':
	unittest.main()
