# SPDX-License-Identifier: GPL-2.0
"""The DEPT gdb commands against a real kernel: boot scenario
dept-article-xyz under gdb, stop at DEPT's report (report_probe.py) and
check what the commands say against the scenario's expectation, the
report on the console and lockdep's own view of the reporting task.

The session comes from the environment (gdb.mk sets it):
  DEPT_GDB_SESSION  the gdb_session.py command line, without --batch
  DEPT_GDB_WORK     a directory for the session's files

usage: PYTHONPATH=scenarios:gdb-scripts python3 -m unittest report_test
"""

import json
import os
import re
import shlex
import subprocess
import unittest
from typing import Dict, List

from runner import console, scenario

SCENARIO = 'dept-article-xyz'
SCENARIO_DIR = os.path.join(os.path.dirname(os.path.dirname(
	os.path.abspath(__file__))), 'scenarios', SCENARIO)
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
		     'report_probe.py')
# the scenario's threads (scenario_threads.h names them after their code)
THREADS = ('x', 'y', 'z')
# time for gdb, beyond the scenario's own timeout
GDB_SLACK = 120
CONTEXT = re.compile(r'^context [A-Z]$')
CALL = re.compile(r'^\[[SWE]\] (\S+)\((.+):(\d+)\)$')
WAIT = re.compile(r'^\S+\(.+:\d+\)$')
NOT_DEPT = re.compile(r'DEPT is not built into this kernel')


def context_blocks(lines: List[str]) -> List[List[str]]:
	"""The [S]/[W]/[E] lines of each 'context X' block, stripped."""
	blocks = []
	stripped = [line.strip() for line in lines]
	for i, line in enumerate(stripped):
		if CONTEXT.match(line):
			blocks.append(stripped[i + 1:i + 4])
	return blocks


def table(output: str, header: str) -> List[List[str]]:
	"""The rows (split in words) of the table under the line starting
	with @header, up to the first line that is not indented."""
	lines = output.splitlines()
	start = next(i for i, line in enumerate(lines)
		     if line.strip().startswith(header))
	rows = []
	for line in lines[start + 1:]:
		if not line.startswith('  '):
			break
		rows.append(line.split())
	return rows


class ReportTest(unittest.TestCase):
	record: Dict = {}
	console: console.Console

	@classmethod
	def setUpClass(cls):
		session = os.environ.get('DEPT_GDB_SESSION')
		work = os.environ.get('DEPT_GDB_WORK')
		if not session or not work:
			raise unittest.SkipTest('DEPT_GDB_SESSION and DEPT_GDB_WORK '
						'are not set (run by gdb.mk)')
		expected = scenario.load(SCENARIO, SCENARIO_DIR).expectation
		cls.classes = next(r.classes for r in expected.reports
				   if r.detector == 'dept')
		os.makedirs(work, exist_ok=True)
		out = os.path.join(work, 'probe.json')
		log = os.path.join(work, 'gdb.log')
		if os.path.exists(out):
			os.unlink(out)
		env = dict(os.environ, DEPT_PROBE_OUT=out,
			   DEPT_PROBE_COMMS=','.join(THREADS))
		command = shlex.split(session) + ['--scenario', SCENARIO, '--report',
						  '--batch', PROBE]
		with open(log, 'w', encoding='utf-8') as file:
			subprocess.run(command, env=env, stdout=file,
				       stderr=subprocess.STDOUT,
				       stdin=subprocess.DEVNULL,
				       timeout=expected.timeout + GDB_SLACK)
		with open(log, encoding='utf-8', errors='replace') as file:
			text = file.read()
		if NOT_DEPT.search(text):
			raise unittest.SkipTest('the kernel has no CONFIG_DEPT')
		if not os.path.exists(out):
			raise AssertionError(f'the probe left no record; see {log}')
		with open(out, encoding='utf-8') as file:
			cls.record = json.load(file)
		cls.console = console.parse(text, SCENARIO)
		cls.log = log

	def at_report(self, command: str) -> str:
		return self.record['at_report'][command]

	def dept_report(self) -> console.Report:
		reports = [r for r in self.console.reports if r.detector == 'dept']
		self.assertTrue(reports, f'no DEPT report on the console ({self.log})')
		return reports[0]

	def test_stops_in_the_report(self):
		self.assertTrue(self.record['reported'],
				f'gdb never stopped in the report ({self.log})')

	def test_cycle_names_the_scenarios_classes(self):
		names = set()
		for block in context_blocks(self.at_report('dept-cycle').splitlines()):
			for line in block:
				names.add(CALL.match(line).group(2))
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
		output = self.at_report('dept-task')
		self.assertIn(f"dept_task of pid {self.record['pid']} ", output)
		held = [row[1].rsplit(':', 1)[0]
			for row in table(output, 'pos')] if 'pos' in output else []
		self.assertEqual(sorted(held), sorted(self.record['lockdep_held']))
		for name in self.classes:
			self.assertNotIn(name, held)

	def test_reporting_task_waited_on_the_new_dependencys_class(self):
		"""The report closes the cycle with a wait in the reporting task's
		history: its newest wait of that class is in the ring."""
		output = self.at_report('dept-task')
		waits = [word for row in table(output, 'slot') for word in row
			 if WAIT.match(word)]
		first = context_blocks(self.at_report('dept-cycle').splitlines())
		newest_context = first[-1]  # the new dependency prints last
		self.assertIn(newest_context[1][len('[W] '):], waits)

	def test_sleeping_thread_holds_its_mutex_and_staged_wait(self):
		"""Thread x sleeps in wait_for_completion(&comp_b) holding x_a."""
		output = self.at_report(f"dept-task {self.record['tasks']['x']}")
		rows = table(output, 'pos')
		self.assertEqual([r[1] for r in rows], ['mutex_a:0'])
		self.assertEqual(rows[0][-3:], ['mutex_lock', '/', 'mutex_unlock'])
		self.assertRegex(output, r'staged wait: wait_for_completion\S*'
				 r'\(comp_b\), committed at wgen \d+')

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
			source = CALL.match(block[0])
			target = CALL.match(block[1])
			edge = [f'{source.group(2)}:{source.group(3)}',
				f'{target.group(2)}:{target.group(3)}',
				source.group(1), target.group(1)]
			rows = table(output, 'from')
			self.assertIn(edge, [r[:4] for r in rows])

	def test_stats_count_the_graph(self):
		output = self.at_report('dept-stats')
		rows = table(self.at_report('dept-classes'), 'class')
		match = re.match(r'DEPT running; wgen (\d+); (\d+) classes, '
				 r'(\d+) dependencies', output)
		self.assertTrue(match, output)
		self.assertEqual(int(match.group(2)), len(rows))
		self.assertEqual(int(match.group(3)), sum(int(r[1]) for r in rows))
		pools = {r[0]: r for r in table(output, 'pool')}
		self.assertEqual(int(pools['class'][3]), len(rows))


if __name__ == '__main__':
	unittest.main()
