#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the scenario runner over recorded consoles (test_data/).

Run: python3 -m unittest harness.runner_test
"""

import contextlib
import io
import json
import os
import shutil
import tempfile
import threading
import time
import unittest
from unittest import mock

from harness import console, expectation, kconfig, modules, scenario, verdict
from harness import runner as runner_main
from harness.ktap import KtapWriter
from harness.paths import ROOT, SCENARIOS_DIR

TEST_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test_data')


def load_console(name: str, scenario_name: str) -> console.Console:
	with open(os.path.join(TEST_DATA, name), encoding='utf-8') as file:
		return console.parse(file.read(), scenario_name)


def expect(text: str) -> expectation.Expectation:
	return expectation.parse(text, 'expect')


class ConsoleTest(unittest.TestCase):
	def test_clean_boot(self):
		seen = load_console('clean_boot.log', 'boot')
		self.assertTrue(seen.started)
		self.assertEqual(seen.exit_status, 0)
		self.assertEqual(seen.reports, [])

	def test_timestamps_are_stripped(self):
		seen = load_console('clean_boot.log', 'boot')
		self.assertIn('Run /init as init process', seen.lines)

	def test_terminal_control_sequences_are_stripped(self):
		self.assertEqual(console.strip_timestamp(
			'\x1bc\x1b[?7l\x1b[2J[    0.000000] Linux version 6.12.118+\r\n'),
			'Linux version 6.12.118+')

	def test_terminal_reset_starts_a_line(self):
		seen = console.parse('SeaBIOS\nBooting from ROM..\x1bc\x1b[?7l\x1b[2J'
				     '[    0.000000] Linux version 6.12.118+\r\n', 'x')
		self.assertEqual(seen.lines, ['SeaBIOS', 'Booting from ROM..',
					      'Linux version 6.12.118+'])

	def test_report_after_a_line_without_its_end(self):
		seen = console.parse(
			'harness: scenario x start\n'
			'Password: [   12.345678] ========================\n'
			'[   12.345679] DEPT: Circular dependency has been detected.\n'
			'harness: scenario x exit 0\n', 'x')
		self.assertEqual(seen.lines[1:4], [
			'Password: ', '========================',
			'DEPT: Circular dependency has been detected.'])
		self.assertEqual([r.title for r in seen.reports],
				 ['Circular dependency has been detected.'])

	def test_markers_of_another_scenario_are_ignored(self):
		seen = load_console('clean_boot.log', 'lockdep-abba')
		self.assertFalse(seen.started)
		self.assertIsNone(seen.exit_status)

	def test_lockdep_circular(self):
		seen = load_console('lockdep_abba.log', 'lockdep-abba')
		self.assertEqual(seen.exit_status, 0)
		self.assertEqual(len(seen.reports), 1)
		report = seen.reports[0]
		self.assertEqual(report.detector, 'lockdep')
		self.assertEqual(report.title, 'possible circular locking dependency detected')
		self.assertEqual(report.classes, {'mutex_a', 'mutex_b'})
		self.assertNotIn('harness: scenario lockdep-abba exit 0', report.lines)

	def test_lockdep_classes_with_parentheses(self):
		lines = ['ffff (&(&x->lock)->rlock){+.+.}-{2:2}, at: f+0x1/0x2',
			 '-> #1 ((wq_completion)events){+.+.}-{0:0}:',
			 'other info that might help us debug this:',
			 ' #0: ffff (not_a_cycle_class){+.+.}-{3:3}']
		self.assertEqual(console.lockdep_classes(lines),
				 {'&(&x->lock)->rlock', '(wq_completion)events'})

	def test_warning(self):
		seen = load_console('warning.log', 'warn')
		self.assertEqual([r.detector for r in seen.reports], ['warning'])
		self.assertTrue(seen.reports[0].title.startswith('WARNING: CPU: 0 PID: '))
		self.assertEqual(seen.exit_status, 0)

	def test_panic(self):
		seen = load_console('panic.log', 'panic')
		self.assertEqual([r.detector for r in seen.reports], ['panic'])
		self.assertEqual(seen.reports[0].title,
				 'Kernel panic - not syncing: harness test panic')
		self.assertTrue(seen.started)
		self.assertIsNone(seen.exit_status)

	def test_timeout(self):
		seen = load_console('timeout.log', 'hang')
		self.assertTrue(seen.started)
		self.assertIsNone(seen.exit_status)
		self.assertEqual(seen.reports, [])

	def test_dept_reports(self):
		seen = load_console('dept_after_lockdep.log', 'dept-abba')
		self.assertEqual([r.detector for r in seen.reports],
				 ['dept', 'lockdep', 'dept'])
		first, _, second = seen.reports
		self.assertEqual(first.title, 'Circular dependency has been detected.')
		self.assertEqual(first.classes, {'mutex_a', 'mutex_b'})
		self.assertEqual(second.classes, {'&(&x->lock)->rlock', 'comp_b'})

	def test_unbannered_reports(self):
		lines = ['BUG: KASAN: slab-use-after-free in f+0x1/0x2',
			 'watchdog: BUG: soft lockup - CPU#0 stuck for 22s!',
			 'UBSAN: shift-out-of-bounds in lib/x.c:1:2',
			 'Oops: general protection fault, probably for address',
			 'INFO: task insmod:25 blocked for more than 15 seconds.',
			 'rcu: INFO: rcu_sched detected stalls on CPUs/tasks:',
			 'BUG: KCSAN: data-race in f / g',
			 'DEPT_WARN: Cannot track recover dependency with events that never used.']
		reports = console.find_reports(lines)
		self.assertEqual([r.detector for r in reports],
				 ['kasan', 'bug', 'ubsan', 'oops', 'hung-task',
				  'rcu-stall', 'kcsan', 'dept-warning'])
		self.assertEqual(reports[-1].title,
				 'Cannot track recover dependency with events that never used.')

	def test_dept_banner_is_not_a_report(self):
		lines = ['DEPT: dependency tracker active', 'WARNING: no banner above']
		self.assertEqual(console.find_reports(lines), [])


class ExpectationTest(unittest.TestCase):
	def test_full_file(self):
		parsed = expect("""# comment
			timeout 30
			console '^DEPT: dependency tracker active'
			report dept classes=mutex_a,mutex_b  # trailing comment
			report lockdep title="possible circular locking dependency detected"
			report dept classes='&(&x->lock)->rlock,comp_b' after=lockdep
			""")
		self.assertEqual(parsed.timeout, 30)
		self.assertEqual([p.pattern for p in parsed.console],
				 ['^DEPT: dependency tracker active'])
		self.assertEqual(parsed.reports, [
			expectation.ReportSpec('dept', classes=frozenset({'mutex_a', 'mutex_b'})),
			expectation.ReportSpec('lockdep', title='possible circular locking dependency detected'),
			expectation.ReportSpec('dept', classes=frozenset({'&(&x->lock)->rlock', 'comp_b'}),
					       after='lockdep'),
		])

	def test_cmdline(self):
		parsed = expect('reports none\ncmdline a=1 b\ncmdline "c=x y"\n')
		self.assertEqual(parsed.cmdline, ['a=1', 'b', 'c=x y'])
		self.assertEqual(expect('reports none\n').cmdline, [])
		self.assert_error('reports none\ncmdline\n', 'cmdline takes one or more')

	def test_long(self):
		self.assertTrue(expect('reports none\nlong\n').long)
		self.assertFalse(expect('reports none\n').long)
		self.assert_error('reports none\nlong 5\n', 'long takes no arguments')

	def test_only_for(self):
		self.assertEqual(expect('reports none\nonly-for bench\n').only_for,
				 ('bench',))
		self.assertEqual(expect('reports none\nonly-for gdb bench\n')
				 .only_for, ('gdb', 'bench'))
		self.assertEqual(expect('reports none\n').only_for, ())
		for bad in ('only-for', 'only-for Bench', 'only-for make=bench'):
			with self.subTest(bad=bad):
				self.assert_error(f'reports none\n{bad}\n',
						  'expect:2: only-for takes the names')

	def test_disk(self):
		parsed = expect('reports none\ndisk ext4 64\ndisk ext2 8\n')
		self.assertEqual(parsed.disks, [expectation.DiskSpec('ext4', 64),
						 expectation.DiskSpec('ext2', 8)])
		self.assertEqual(expect('reports none\n').disks, [])
		parsed = expect('reports none\ndisk ext4 64 -J size=4\n')
		self.assertEqual(parsed.disks, [
			expectation.DiskSpec('ext4', 64, ('-J', 'size=4'))])

	def test_bad_disk(self):
		self.assert_error('reports none\ndisk ext4\n', 'disk takes a file system, a size')
		self.assert_error('reports none\ndisk zfs 8\n', "unknown file system 'zfs'")
		self.assert_error('reports none\ndisk ext4 0\n', "'0' is not a size in MiB")
		self.assert_error('reports none\ndisk ext4 8M\n', "'8M' is not a size in MiB")

	def test_reports_none(self):
		parsed = expect('reports none\n')
		self.assertTrue(parsed.no_reports)
		self.assertEqual(parsed.timeout, expectation.DEFAULT_TIMEOUT)

	def assert_error(self, text, message):
		with self.assertRaises(expectation.ExpectationError) as caught:
			expect(text)
		self.assertIn(message, str(caught.exception))

	def test_errors_name_file_and_line(self):
		self.assert_error('reports none\nfrobnicate\n', "expect:2: unknown statement 'frobnicate'")

	def test_unknown_detector(self):
		self.assert_error('report lockdap\n', "unknown detector 'lockdap'")
		self.assert_error('report dept after=dpet\n', "unknown detector 'dpet'")

	def test_bad_report_option(self):
		self.assert_error('report dept class=a\n', "'class=a' is not one of")
		self.assert_error('report dept classes=a classes=b\n', 'classes given twice')

	def test_bad_timeout(self):
		self.assert_error('reports none\ntimeout soon\n', 'timeout takes one number')
		self.assert_error('reports none\ntimeout 0\n', 'timeout takes one number')

	def test_bad_regex(self):
		self.assert_error("reports none\nconsole '('\n", 'bad regular expression')

	def test_console_by_config(self):
		parsed = expect("""reports none
			console '^always$'
			console '^with$' if CONFIG_QUEUED_RWLOCKS
			console '^without$' unless CONFIG_QUEUED_RWLOCKS
			""")
		self.assertEqual([p.pattern for p in parsed.console], ['^always$'])
		with_it = parsed.for_kernel(frozenset({'CONFIG_QUEUED_RWLOCKS'}))
		self.assertEqual([p.pattern for p in with_it.console],
				 ['^always$', '^with$'])
		self.assertEqual(with_it.console_when, [])
		without = parsed.for_kernel(frozenset({'CONFIG_SMP'}))
		self.assertEqual([p.pattern for p in without.console],
				 ['^always$', '^without$'])

	def test_bad_console_condition(self):
		for tail in ("x if", "x when CONFIG_A", "x if QUEUED_RWLOCKS", "x y"):
			self.assert_error(f"reports none\nconsole {tail}\n",
					  'then optionally if or unless and one CONFIG_ option')

	def test_bad_quoting(self):
		self.assert_error("reports none\nconsole 'open\n", 'expect:2:')

	def test_must_say_what_is_expected(self):
		self.assert_error('timeout 5\n', "either 'reports none' or at least one 'report'")
		self.assert_error('reports none\nreport dept\n', "either 'reports none'")
		self.assert_error('maybe report dept\n', "either 'reports none'")
		self.assert_error('reports none\nmaybe report dept\n', 'contradict')


class VerdictTest(unittest.TestCase):
	def judge(self, log, name, text):
		return verdict.judge(expect(text), load_console(log, name))

	def test_clean_boot_passes(self):
		self.assertEqual(self.judge('clean_boot.log', 'boot',
					    "reports none\nconsole '^Linux version 6\\.12\\.'"), [])

	def test_console_matches_are_the_first_lines_matched(self):
		text = ("reports none\nconsole '^Linux version 6\\.12\\.'\n"
			"console '^no such line'")
		lines = verdict.console_matches(
			expect(text), load_console('clean_boot.log', 'boot'))
		self.assertEqual(len(lines), 1)
		self.assertTrue(lines[0].startswith('Linux version 6.12.'))

	def test_missing_console_line(self):
		problems = self.judge('clean_boot.log', 'boot',
				      "reports none\nconsole '^DEPT: dependency tracker active'")
		self.assertEqual(problems, ['no console line matches /^DEPT: dependency tracker active/'])

	def test_lockdep_abba_passes(self):
		self.assertEqual(self.judge('lockdep_abba.log', 'lockdep-abba',
			'report lockdep title="possible circular" classes=mutex_b,mutex_a'), [])

	def test_unexpected_lockdep_report_is_quoted(self):
		problems = self.judge('lockdep_abba.log', 'lockdep-abba', 'reports none')
		self.assertTrue(problems[0].startswith(
			'unexpected lockdep report "possible circular locking dependency detected"'))
		self.assertIn('  | WARNING: possible circular locking dependency detected', problems)

	def test_wrong_classes(self):
		problems = self.judge('lockdep_abba.log', 'lockdep-abba',
				      'report lockdep classes=mutex_a,mutex_c')
		self.assertEqual(problems[0], 'expected a lockdep report naming exactly '
				 'mutex_a, mutex_c, not found')
		self.assertIn('seen: lockdep report', problems[1])
		self.assertTrue(problems[2].startswith('unexpected lockdep report'))

	def test_lockdep_classes_must_be_exact(self):
		problems = self.judge('lockdep_abba.log', 'lockdep-abba',
				      'report lockdep classes=mutex_a')
		self.assertTrue(problems)

	def test_dept_reports_counted(self):
		text = ('report dept classes=mutex_a,mutex_b\n'
			'report lockdep\n'
			"report dept classes='&(&x->lock)->rlock,comp_b' after=lockdep\n")
		self.assertEqual(self.judge('dept_after_lockdep.log', 'dept-abba', text), [])
		problems = self.judge('dept_after_lockdep.log', 'dept-abba',
				      'report dept\nreport lockdep\n')
		self.assertEqual(len(problems), 1 + verdict.QUOTED_LINES + 1)
		self.assertTrue(problems[0].startswith('unexpected dept report'))
		problems = self.judge('dept_after_lockdep.log', 'dept-abba',
				      'report dept\nreport dept\nreport dept\nreport lockdep\n')
		self.assertEqual(problems[0], 'expected a dept report, not found')

	def test_maybe_report(self):
		log, name = 'dept_after_lockdep.log', 'dept-abba'
		both = 'report dept\nreport dept\nreport lockdep\n'
		self.assertEqual(self.judge(log, name, both + 'maybe report dept\n'), [])
		self.assertEqual(self.judge(log, name,
			'report dept\nmaybe report dept\nreport lockdep\n'), [])
		problems = self.judge(log, name,
			'report dept\nmaybe report lockdep\nreport lockdep\n')
		self.assertEqual(len(problems), 1 + verdict.QUOTED_LINES + 1)
		self.assertTrue(problems[0].startswith('unexpected dept report'))
		problems = self.judge(log, name, 'maybe report dept\nmaybe report dept\n'
				      'report lockdep title=nothing-like-it\n')
		self.assertEqual(problems[0], 'expected a lockdep report titled '
				 '"...nothing-like-it...", not found')

	def test_order(self):
		self.assertEqual(self.judge('dept_after_lockdep.log', 'dept-abba',
			'report dept after=lockdep\nreport dept\nreport lockdep\n'), [])
		problems = self.judge('dept_after_lockdep.log', 'dept-abba',
			'report dept classes=mutex_a,mutex_b after=lockdep\nreport dept\nreport lockdep\n')
		self.assertEqual(problems[0], 'expected a dept report naming exactly mutex_a, '
				 'mutex_b after a lockdep report, not found')

	def test_warning_fails_a_clean_expectation(self):
		problems = self.judge('warning.log', 'warn', 'reports none')
		self.assertTrue(problems[0].startswith('unexpected warning report "WARNING: CPU: 0'))

	def test_panic_fails(self):
		problems = self.judge('panic.log', 'panic', 'reports none')
		self.assertEqual(problems[0], 'the guest did not finish the scenario; '
				 'the console ends with:')
		self.assertTrue(any(p.startswith('unexpected panic report') for p in problems))

	def test_timeout_fails(self):
		problems = self.judge('timeout.log', 'hang', 'reports none')
		self.assertEqual(problems[0], 'the guest did not finish the scenario; '
				 'the console ends with:')

	def test_guest_failure(self):
		seen = load_console('clean_boot.log', 'boot')
		seen.exit_status = 1
		self.assertEqual(verdict.judge(expect('reports none'), seen),
				 ['the scenario in the guest exited with status 1'])


class EdgeTest(unittest.TestCase):
	DUMP = ('harness: scenario x start\n'
		'harness: dept_edges\n'
		'[    1.000000] control_event:0 -> control_wait:0\n'
		'&type->i_mutex_dir_key:0 -> &ei->i_data_sem:1\n'
		'harness: dept_edges end\n'
		'harness: scenario x exit 0\n')

	def judge(self, text: str, log: str = DUMP):
		return verdict.judge(expect('reports none\n' + text),
				     console.parse(log, 'x'))

	def test_parse(self):
		parsed = expect('reports none\nedge a -> b:1\nno edge c -> d\n')
		self.assertEqual(parsed.edges, [
			expectation.EdgeSpec('a', 'b:1', True),
			expectation.EdgeSpec('c', 'd', False)])
		for bad in ('edge a b', 'edge a -> b -> c', 'no edge', 'no a -> b'):
			with self.assertRaises(expectation.ExpectationError):
				expect('reports none\n' + bad)

	def test_last_complete_dump(self):
		log = self.DUMP + 'harness: dept_edges\nx:0 -> y:0\n'
		self.assertEqual(console.parse(log, 'x').edges, [
			('control_event:0', 'control_wait:0'),
			('&type->i_mutex_dir_key:0', '&ei->i_data_sem:1')])
		self.assertIsNone(console.parse('harness: dept_edges\n', 'x').edges)

	def test_edges_judged(self):
		self.assertEqual(self.judge(
			'edge control_event -> control_wait\n'
			'edge &type->i_mutex_dir_key -> &ei->i_data_sem:1\n'
			'no edge control_wait -> control_event\n'
			'no edge control_event -> control_wait:1\n'), [])
		self.assertEqual(self.judge('edge a -> control_wait\n'), [
			'expected DEPT dependency a -> control_wait, not in the '
			'graph (2 dependencies)'])
		self.assertEqual(self.judge('no edge control_event -> control_wait\n'),
				 ['unexpected DEPT dependency control_event:0 -> '
				  'control_wait:0'])

	def test_no_dump_fails(self):
		self.assertEqual(self.judge(
			'edge a -> b\n', 'harness: scenario x start\n'
			'harness: scenario x exit 0\n'),
			["no dump of DEPT's graph (dept-edges) on the console"])


class ScenarioTest(unittest.TestCase):
	# our scenarios that serve one tool, not the suite ('only-for')
	TOOLS = {'dept-bench': 'bench', 'dept-article-xyz-proc': 'gdb'}

	def test_discover_ours(self):
		found = scenario.discover([SCENARIOS_DIR])
		self.assertIn('boot', found)
		self.assertIn('lockdep-abba', found)
		for not_a_scenario in ('guest', 'lib', 'soak', 'host'):
			self.assertTrue(os.path.isdir(os.path.join(SCENARIOS_DIR,
								   not_a_scenario)))
			self.assertNotIn(not_a_scenario, found)

	def test_ours_of_one_tool_are_not_the_suites(self):
		found = scenario.discover([SCENARIOS_DIR])
		suite = runner_main.selected(runner_main.parse_args([
			'--target', 'x', '--tree', 'x', '--out', 'x', '--kernel', 'x',
			'--work', 'x', '--gen-init-cpio', 'x']), found)
		self.assertEqual(sorted(set(found) - set(suite)), sorted(self.TOOLS))
		for name, use in self.TOOLS.items():
			self.assertEqual(scenario.load(name, found[name])
					 .expectation.only_for, (use,))

	def test_load_ours(self):
		for name, path in scenario.discover([SCENARIOS_DIR]).items():
			with self.subTest(name=name):
				loaded = scenario.load(name, path)
				self.assertTrue(loaded.description)
				self.assertTrue(loaded.has_modules or loaded.run_script)

	def make(self, files):
		directory = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, directory)
		os.mkdir(os.path.join(directory, 'x'))
		for name, text in files.items():
			with open(os.path.join(directory, 'x', name), 'w', encoding='utf-8') as file:
				file.write(text)
		return os.path.join(directory, 'x')

	def assert_load_error(self, files, message):
		with self.assertRaises(scenario.ScenarioError) as caught:
			scenario.load('x', self.make(files))
		self.assertIn(message, str(caught.exception))

	def test_load_errors(self):
		ok = {'description': 'one line\n', 'expect': 'reports none\n', 'run.sh': 'true\n'}
		self.assert_load_error({**ok, 'description': 'two\nlines\n'}, 'must be one non-empty line')
		self.assert_load_error({k: v for k, v in ok.items() if k != 'expect'}, 'cannot read')
		self.assert_load_error({**ok, 'expect': 'report\n'}, 'expect:1: report needs a detector')
		self.assert_load_error({k: v for k, v in ok.items() if k != 'run.sh'},
				       'has neither a Kbuild nor a run.sh')

	def test_guest_cmdline(self):
		loaded = scenario.load('x', self.make({
			'description': 'x\n', 'run.sh': 'true\n',
			'expect': 'reports none\ncmdline dept_pool_objs=64\n'}))
		self.assertEqual(runner_main.guest_cmdline(loaded, 'poweroff', 'quiet'),
				 'HARNESS_SCENARIO=x HARNESS_HALT=poweroff quiet dept_pool_objs=64')
		self.assertEqual(runner_main.guest_cmdline(loaded, 'reboot', ''),
				 'HARNESS_SCENARIO=x HARNESS_HALT=reboot dept_pool_objs=64')

	def test_guest_cmdline_asks_for_the_graph(self):
		loaded = scenario.load('x', self.make({
			'description': 'x\n', 'run.sh': 'true\n',
			'expect': 'reports none\nno edge a -> b\n'}))
		self.assertEqual(runner_main.guest_cmdline(loaded, 'poweroff', ''),
				 'HARNESS_SCENARIO=x HARNESS_HALT=poweroff '
				 'HARNESS_DEPT_EDGES=1')

	def test_guest_cmdline_names_the_disks(self):
		loaded = scenario.load('x', self.make({
			'description': 'x\n', 'run.sh': 'true\n',
			'expect': 'reports none\ndisk ext4 8\ndisk ext4 8\ncmdline a=1\n'}))
		self.assertEqual(runner_main.guest_cmdline(
			loaded, 'poweroff', '', ['/dev/vda', '/dev/vdb']),
			'HARNESS_SCENARIO=x HARNESS_HALT=poweroff '
			'HARNESS_DISK0=/dev/vda HARNESS_DISK1=/dev/vdb a=1')

	def test_duplicate_names(self):
		path = self.make({'description': 'x\n'})
		with self.assertRaises(scenario.ScenarioError) as caught:
			scenario.discover([os.path.dirname(path), os.path.dirname(path)])
		self.assertIn('scenario x is both in', str(caught.exception))


class ModuleBuildTest(unittest.TestCase):
	"""A module build that kbuild would find up to date is not started:
	decided from kbuild's .cmd files, the kernel's Module.symvers, the
	make arguments and the scenario's files."""

	def setUp(self):
		self.out = tempfile.mkdtemp()
		self.source = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, self.out)
		self.addCleanup(shutil.rmtree, self.source)
		self.header = os.path.join(self.out, 'include', 'x.h')
		os.makedirs(os.path.dirname(self.header))
		self.write(self.header)
		self.write(os.path.join(self.out, 'Module.symvers'), 'sym\n')
		self.write(os.path.join(self.source, 'm.c'))
		self.write(os.path.join(self.source, '.m.o.cmd'),
			   'savedcmd_m.o := gcc\n\n'
			   'deps_m.o := \\\n'
			   f'  {self.source}/m.c \\\n'
			   '  include/x.h \\\n'
			   '  $(wildcard include/config/ABSENT) \\\n\n'
			   'm.o: $(deps_m.o)\n')
		self.ko = os.path.join(self.source, 'm.ko')
		self.write(self.ko)
		self.age(self.header, self.source + '/m.c', self.source + '/.m.o.cmd')
		with open(os.path.join(self.source, modules.STAMP), 'w',
			  encoding='utf-8') as file:
			json.dump(modules.build_key(self.out, ['-s']), file)

	@staticmethod
	def write(path: str, text: str = '') -> None:
		with open(path, 'w', encoding='utf-8') as file:
			file.write(text)

	@staticmethod
	def age(*paths: str) -> None:
		for path in paths:
			os.utime(path, (time.time() - 100, time.time() - 100))

	def test_dependencies_of_a_cmd_file(self):
		self.assertEqual(list(modules.cmd_dependencies(
			os.path.join(self.source, '.m.o.cmd'), self.out)), [
			(f'{self.source}/m.c', True), (self.header, True),
			(os.path.join(self.out, 'include/config/ABSENT'), False)])

	def test_up_to_date(self):
		self.assertTrue(modules.up_to_date(self.source, self.out, ['-s']))

	def test_a_newer_header_builds_again(self):
		os.utime(self.header)
		os.utime(self.ko, (time.time() - 10, time.time() - 10))
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))

	def test_a_newer_scenario_file_builds_again(self):
		os.utime(self.ko, (time.time() - 50, time.time() - 50))
		self.write(os.path.join(self.source, 'Kbuild'), 'obj-m += m.o\n')
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))

	def test_other_kernel_symbols_or_make_arguments_build_again(self):
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-j2']))
		self.write(os.path.join(self.out, 'Module.symvers'), 'other\n')
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))

	def test_another_kernel_configuration_builds_again(self):
		config = os.path.join(self.out, 'include', 'config', 'auto.conf')
		os.makedirs(os.path.dirname(config))
		self.write(config, 'CONFIG_DEBUG_INFO_DWARF4=y\n')
		self.age(config)
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))

	def test_a_missing_dependency_or_stamp_builds_again(self):
		os.remove(self.header)
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))
		os.remove(os.path.join(self.source, modules.STAMP))
		self.assertFalse(modules.up_to_date(self.source, self.out, ['-s']))


class ModulesAtOnceTest(unittest.TestCase):
	"""The modules of a run's scenarios built in one kbuild run, which
	each scenario's own build then finds up to date; a name two
	scenarios share, and a run that fails, leave scenarios to build
	alone."""

	def setUp(self):
		self.root = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, self.root)
		self.out = os.path.join(self.root, 'out')
		self.work = os.path.join(self.root, 'work')
		os.makedirs(self.out)
		with open(os.path.join(self.out, 'Module.symvers'), 'w',
			  encoding='utf-8') as file:
			file.write('sym\n')
		bin_dir = os.path.join(self.root, 'bin')
		os.makedirs(bin_dir)
		os.symlink(os.path.join(TEST_DATA, 'fake_kbuild_make.py'),
			   os.path.join(bin_dir, 'make'))
		self.log = os.path.join(self.root, 'make.log')
		environment = {'PATH': bin_dir + os.pathsep + os.environ['PATH'],
			       'FAKE_MAKE_LOG': self.log}
		patcher = mock.patch.dict(os.environ, environment)
		patcher.start()
		self.addCleanup(patcher.stop)

	def new_scenario(self, name: str, module: str) -> scenario.Scenario:
		path = os.path.join(self.root, 'scenarios', name)
		os.makedirs(path)
		for file_name, text in (('description', 'd\n'),
					('expect', 'reports none\n'),
					('Kbuild', f'obj-m := {module}.o\n'),
					(f'{module}.c', '')):
			with open(os.path.join(path, file_name), 'w',
				  encoding='utf-8') as file:
				file.write(text)
		os.utime(path + f'/{module}.c', (time.time() - 100,) * 2)
		return scenario.load(name, path)

	def make_runs(self) -> list:
		try:
			with open(self.log, encoding='utf-8') as file:
				return file.read().splitlines()
		except FileNotFoundError:
			return []

	def build_all(self, scenarios) -> str:
		return modules.build_all(scenarios, 'tree', self.out, ['-s'],
					 self.work, 2)

	def build(self, one: scenario.Scenario) -> list:
		return modules.build(one, 'tree', self.out, ['-s'],
				     os.path.join(self.work, one.name))

	def test_one_run_then_each_up_to_date(self):
		scenarios = [self.new_scenario('a', 'mod_a'), self.new_scenario('b', 'mod_b')]
		self.assertEqual(self.build_all(scenarios), '')
		runs = self.make_runs()
		self.assertEqual(len(runs), 1)
		self.assertIn(f'M={os.path.abspath(self.work)}/.modules', runs[0])
		self.assertIn('-j2', runs[0].split())
		with open(os.path.join(self.work, '.modules', 'Kbuild'),
			  encoding='utf-8') as file:
			self.assertEqual(file.read(), 'obj-m += a/\nobj-m += b/\n')
		self.assertEqual(self.build(scenarios[1]), [
			os.path.join(self.work, 'b', 'module', 'mod_b.ko')])
		self.assertEqual(len(self.make_runs()), 1)

	def test_a_taken_name_builds_alone(self):
		scenarios = [self.new_scenario('a', 'mod'), self.new_scenario('b', 'mod'),
			     self.new_scenario('c', 'other')]
		self.assertEqual(self.build_all(scenarios), '')
		with open(os.path.join(self.work, '.modules', 'Kbuild'),
			  encoding='utf-8') as file:
			self.assertEqual(file.read(), 'obj-m += a/\nobj-m += c/\n')
		self.build(scenarios[1])
		runs = self.make_runs()
		self.assertEqual(len(runs), 2)
		self.assertIn(f'M={os.path.abspath(self.work)}/b/module', runs[1])

	def test_a_failed_run_leaves_each_to_build_alone(self):
		scenarios = [self.new_scenario('a', 'mod_a'), self.new_scenario('b', 'mod_b')]
		with mock.patch.dict(os.environ, {'FAKE_MAKE_FAIL': '1'}):
			problem = self.build_all(scenarios)
		self.assertIn('the modules of 2 scenarios did not build', problem)
		self.build(scenarios[0])
		self.assertEqual(len(self.make_runs()), 2)

	def test_nothing_to_build_starts_no_kbuild(self):
		scenarios = [self.new_scenario('a', 'mod_a'), self.new_scenario('b', 'mod_b')]
		self.build(scenarios[0])
		self.assertEqual(self.build_all(scenarios), '')
		self.assertEqual(len(self.make_runs()), 1)


class NeedsTest(unittest.TestCase):
	"""'needs' in an expect file: skipped, saying why, on a kernel
	without the options; run as usual on one with them."""

	CONFIG = os.path.join(TEST_DATA, 'um_excerpt.config')

	def test_parse(self):
		parsed = expect('reports none\nneeds CONFIG_A CONFIG_B_2\nneeds CONFIG_c\n')
		self.assertEqual(parsed.needs, ['CONFIG_A', 'CONFIG_B_2', 'CONFIG_c'])
		self.assertEqual(expect('reports none\n').needs, [])

	def test_parse_errors(self):
		for text in ('needs\n', 'needs MMU_NOTIFIER\n', 'needs CONFIG_A=y\n'):
			with self.subTest(text=text):
				with self.assertRaises(expectation.ExpectationError) as caught:
					expect('reports none\n' + text)
				self.assertIn('expect:2: needs takes one or more CONFIG_ options',
					      str(caught.exception))

	def test_enabled_reads_y_and_m_only(self):
		have = kconfig.enabled(self.CONFIG)
		self.assertIn('CONFIG_DEPT', have)
		self.assertIn('CONFIG_TINY_SRCU', have)
		self.assertNotIn('CONFIG_SYNC_FILE', have)  # "is not set"
		self.assertNotIn('CONFIG_GCC_VERSION', have)  # a number
		self.assertNotIn('CONFIG_CC_VERSION_TEXT', have)  # a string

	def test_missing(self):
		self.assertEqual(kconfig.missing(['CONFIG_DEPT', 'CONFIG_MMU_NOTIFIER',
						  'CONFIG_SYNC_FILE'], self.CONFIG),
				 ['CONFIG_MMU_NOTIFIER', 'CONFIG_SYNC_FILE'])
		self.assertEqual(kconfig.missing(['CONFIG_UML'], self.CONFIG), [])

	def test_missing_reads_nothing_when_nothing_is_needed(self):
		self.assertEqual(kconfig.missing([], '/nonexistent/.config'), [])
		with self.assertRaises(kconfig.KconfigError):
			kconfig.missing(['CONFIG_UML'], '/nonexistent/.config')

	def run_needing(self, needs: str, out: str) -> 'runner_main.Outcome':
		path = ScenarioTest.make(self, {
			'description': 'needs something\n', 'run.sh': 'true\n',
			'expect': f'reports none\nneeds {needs}\n'})
		args = runner_main.parse_args([
			'--target', 'x', '--tree', '/nonexistent', '--out', out,
			'--kernel', 'x', '--work', '/nonexistent', '--gen-init-cpio', 'x'])
		return runner_main.run_scenario(args, None, None, 'x', path)

	def test_skipped_before_anything_is_built(self):
		out = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, out)
		shutil.copy(self.CONFIG, os.path.join(out, '.config'))
		outcome = self.run_needing('CONFIG_DEPT CONFIG_HOTPLUG_CPU', out)
		self.assertTrue(outcome.ok)
		self.assertEqual(outcome.directive,
				 'SKIP needs CONFIG_HOTPLUG_CPU, which this kernel lacks')
		self.assertEqual(outcome.diagnostics, ['x: needs something'])

	def run_long(self, *options: str) -> 'runner_main.Outcome':
		path = ScenarioTest.make(self, {
			'description': 'takes long\n', 'run.sh': 'true\n',
			'expect': 'reports none\nlong\n'})
		out = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, out)
		shutil.copy(self.CONFIG, os.path.join(out, '.config'))
		args = runner_main.parse_args([
			'--target', 'x', '--tree', '/nonexistent', '--out', out,
			'--kernel', 'x', '--work', out, '--gen-init-cpio', 'x',
			*options])
		with mock.patch.object(runner_main.modules, 'build',
				       side_effect=AssertionError('built')):
			try:
				return runner_main.run_scenario(args, None, None, 'x', path)
			except AssertionError as error:
				return runner_main.Outcome(False, diagnostics=[str(error)])

	def test_quick_skips_the_long_tail_before_anything_is_built(self):
		outcome = self.run_long('--quick')
		self.assertTrue(outcome.ok)
		self.assertEqual(outcome.directive, runner_main.QUICK_SKIP)
		self.assertEqual(outcome.diagnostics, ['x: takes long'])

	def test_without_quick_the_long_tail_runs(self):
		self.assertEqual(self.run_long().diagnostics, ['built'])

	def test_unreadable_config_fails(self):
		outcome = self.run_needing('CONFIG_DEPT', '/nonexistent')
		self.assertFalse(outcome.ok)
		self.assertIn('cannot read /nonexistent/.config', outcome.diagnostics[0])


def run_fake_scenarios(test, run_scenario, status: int, *options: str) -> str:
	"""The runner's KTAP over @test.directory's scenarios, each run by
	@run_scenario instead of built and booted; its exit status must be
	@status."""
	out = io.StringIO()
	with mock.patch.object(runner_main, 'run_scenario', run_scenario), \
	     mock.patch.object(runner_main, 'KtapWriter', lambda: KtapWriter(out)), \
	     contextlib.redirect_stdout(out):
		got = runner_main.main([
			'--target', JobsTest.TARGET, '--tree', 'x', '--out', 'x',
			'--kernel', 'x', '--work', 'x', '--gen-init-cpio', 'x',
			'--scenario-dir', test.directory, '--summary', *options])
	test.assertEqual(got, status)
	return out.getvalue()


class JobsTest(unittest.TestCase):
	"""--jobs N: the same KTAP and summary as one at a time, the longest
	scenarios (per their timeout) started first; scenarios are judged by
	a fake run_scenario() that neither builds nor boots."""

	TIMEOUTS = {'a': 60, 'b': 300, 'c': 120, 'd': 60, 'e': 240}
	TARGET = os.path.join(ROOT, 'um-config', 'um.toml')

	def setUp(self):
		self.directory = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, self.directory)
		for name, timeout in self.TIMEOUTS.items():
			os.mkdir(os.path.join(self.directory, name))
			for file, text in (('description', f'{name} here\n'),
					   ('expect', f'reports none\ntimeout {timeout}\n'),
					   ('run.sh', 'true\n')):
				with open(os.path.join(self.directory, name, file), 'w',
					  encoding='utf-8') as out:
					out.write(text)
		self.lock = threading.Lock()
		self.started = []
		self.running = self.most_running = 0

	def fake_run_scenario(self, args, machine, accel, name, path,
			      calibration=None):
		with self.lock:
			self.started.append(name)
			self.running += 1
			self.most_running = max(self.most_running, self.running)
		# the earlier scenarios finish last
		time.sleep(0.02 * (ord('e') - ord(name)))
		with self.lock:
			self.running -= 1
		if name == 'c':
			return runner_main.Outcome(False, diagnostics=[f'{name}: failed'])
		return runner_main.Outcome(True, 'SKIP why' if name == 'd' else None,
					   [f'{name}: passed'])

	def run_main(self, *options: str) -> str:
		return run_fake_scenarios(self, self.fake_run_scenario, 1, *options)

	def test_same_output_as_one_at_a_time(self):
		serial = self.run_main('--only', 'a,b,c,nope,d,e')
		self.assertEqual(self.started, ['a', 'b', 'c', 'd', 'e'])
		self.assertEqual(self.most_running, 1)
		self.assertIn('not ok 3 c\n', serial)
		self.assertIn('not ok 4 nope\n', serial)
		self.assertIn('ok 5 d # SKIP why\n', serial)
		self.assertTrue(serial.endswith('\n3 passed, 2 failed, 1 skipped\n'))
		self.started.clear()
		self.assertEqual(self.run_main('--only', 'a,b,c,nope,d,e',
					       '--jobs', '3'), serial)
		self.assertEqual(self.most_running, 3)
		self.assertEqual(self.started[:2], ['b', 'e'])

	def test_one_at_a_time_with_kvm_or_console(self):
		parse = runner_main.parse_args
		common = ['--target', 'x', '--tree', 'x', '--out', 'x', '--kernel',
			  'x', '--work', 'x', '--gen-init-cpio', 'x', '--jobs', '4']
		self.assertEqual(runner_main.workers(parse(common)), 4)
		self.assertEqual(runner_main.workers(parse(common + ['--kvm'])), 1)
		self.assertEqual(runner_main.workers(parse(
			common + ['--show-console'])), 1)
		self.assertEqual(runner_main.workers(parse(common[:-1] + ['0'])), 1)


class OnlyForTest(unittest.TestCase):
	"""'only-for' in an expect file: the scenario serves a tool (make
	bench, the gdb tests), which names it with --only; without --only the
	runner leaves it out, from the KTAP plan too, so that the suite's
	counts are the suite's.  A fake run_scenario() neither builds nor
	boots."""

	EXPECT = {'a': 'reports none\n',
		  'bench-only': 'reports none\nonly-for bench\n',
		  'broken': 'reports none\nonly-for\n',
		  'z': 'reports none\nlong\n'}

	def setUp(self):
		self.directory = tempfile.mkdtemp()
		self.addCleanup(shutil.rmtree, self.directory)
		for name, text in self.EXPECT.items():
			os.mkdir(os.path.join(self.directory, name))
			for file, content in (('description', f'{name} here\n'),
					      ('expect', text), ('run.sh', 'true\n')):
				with open(os.path.join(self.directory, name, file), 'w',
					  encoding='utf-8') as out:
					out.write(content)
		self.started = []

	def fake_run_scenario(self, args, machine, accel, name, path,
			      calibration=None):
		self.started.append(name)
		return runner_main.Outcome(True, diagnostics=[f'{name}: passed'])

	def run_main(self, *options: str) -> str:
		return run_fake_scenarios(self, self.fake_run_scenario, 0, *options)

	def test_left_out_of_the_suite(self):
		ktap = self.run_main()
		# a scenario whose expect cannot be read stays in, to fail there
		self.assertEqual(self.started, ['a', 'broken', 'z'])
		self.assertIn('\n1..3\n', ktap)
		self.assertNotIn('bench-only', ktap)
		self.assertTrue(ktap.endswith('\n3 passed, 0 failed\n'))

	def test_left_out_of_the_quick_suite(self):
		self.run_main('--quick')
		self.assertNotIn('bench-only', self.started)

	def test_run_when_named(self):
		ktap = self.run_main('--only', 'bench-only')
		self.assertEqual(self.started, ['bench-only'])
		self.assertIn('\n1..1\n# bench-only: passed\nok 1 bench-only\n', ktap)
		self.started.clear()
		self.run_main('--only', 'a,bench-only')
		self.assertEqual(self.started, ['a', 'bench-only'])


if __name__ == '__main__':
	unittest.main()
