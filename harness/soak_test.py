#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the soak's console reading and judging (harness/soak.py)
over a recorded soak console (test_data/soak_um_lean.log).

Run: python3 -m unittest harness.soak_test
"""

import argparse
import contextlib
import io
import json
import os
import tempfile
import unittest

from harness import soak, soak_console, soak_results, target
from harness.ktap import KtapWriter

TEST_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test_data')


def recorded() -> str:
	with open(os.path.join(TEST_DATA, 'soak_um_lean.log'),
		  encoding='utf-8') as file:
		return file.read()


class SoakConsoleTest(unittest.TestCase):
	def setUp(self):
		self.parsed = soak_console.parse(recorded())
		self.steps = {step.name: step for step in self.parsed.steps}

	def test_workload_and_boot(self):
		self.assertEqual(self.parsed.minutes, 2)
		self.assertAlmostEqual(self.parsed.booted_in, 1.84)
		# stress-ng's resources stressor signalled the script's process
		# group: the workload never reached its end
		self.assertFalse(self.parsed.done)
		self.assertEqual(self.parsed.steps[0].name, 'boot')
		self.assertEqual(self.parsed.steps[-1].name, 'shutdown')

	def test_statuses(self):
		self.assertEqual(self.steps['stress-ng/pipe'].status, 0)
		self.assertTrue(self.steps['stress-ng/pipe'].ok)
		self.assertEqual(self.steps['module/loop'].status, 4)
		self.assertEqual(self.steps['module/loop'].skipped, 'not implemented')
		self.assertEqual(self.steps['stress-ng/numa'].skipped, 'no resources')
		failed = self.steps['fs-workload/ext4']
		self.assertEqual(failed.status, 1)
		self.assertFalse(failed.ok)
		self.assertIn('losetup: cannot find an unused loop device', failed.says)

	def test_never_ended(self):
		step = self.steps['stress-ng/resources']
		self.assertIsNone(step.status)
		self.assertFalse(step.ok)

	def test_report_belongs_to_its_step(self):
		aiol = self.steps['stress-ng/aiol']
		self.assertEqual(aiol.status, 0)
		self.assertEqual([(r.detector, r.classes) for r in aiol.reports],
				 [('dept', frozenset({'sb_writers'}))])
		self.assertFalse(aiol.ok)
		owners = [step.name for step in self.parsed.steps if step.reports]
		self.assertEqual(owners, ['stress-ng/aiol'])

	def test_bogo_ops(self):
		parsed = soak_console.parse(
			'soak: step stress-ng/pipe begin\n'
			'[   12.5] soak: step stress-ng/pipe end status=0 '
			'bogo-ops/s=3161.097781\n')
		self.assertAlmostEqual(parsed.steps[1].bogo_ops, 3161.097781)

	def test_step_end_after_a_login_prompt(self):
		parsed = soak_console.parse(
			'[   12.5] soak: step stress-ng/dentry begin\n'
			'vm login: [   19.3] soak: step stress-ng/dentry end '
			'status=0 bogo-ops/s=4842.666703\n'
			'\n'
			'[   19.4] soak: done\n')
		self.assertEqual(parsed.steps[1].status, 0)
		self.assertAlmostEqual(parsed.steps[1].bogo_ops, 4842.666703)
		self.assertTrue(parsed.done)

	def test_dept_stopped(self):
		parsed = soak_console.parse(
			'soak: step stress-ng/pipe begin\n'
			'soak: step stress-ng/pipe end status=0 bogo-ops/s=3.5 '
			'dept=stopped\n')
		step = parsed.steps[1]
		self.assertTrue(step.dept_stopped)
		self.assertAlmostEqual(step.bogo_ops, 3.5)
		self.assertEqual(step.skipped,
				 'DEPT had stopped (an oops or a panic before)')

	def test_identity_ignores_numbers(self):
		first = soak_console.parse('Oops: Oops: 0000 [#1] PREEMPT SMP\n'
					   'BUG: unable to handle page fault for '
					   'address: 00000000ced210d8\n')
		second = soak_console.parse('Oops: Oops: 0000 [#7] PREEMPT SMP\n'
					    'BUG: unable to handle page fault for '
					    'address: 000000007823e9f8\n')
		self.assertEqual(
			[soak_console.identity(r) for r in first.steps[0].reports],
			[soak_console.identity(r) for r in second.steps[0].reports])

	def test_no_workload(self):
		parsed = soak_console.parse('[    0.1] Linux version 6.12\n'
					    'Kernel panic - not syncing: VFS\n')
		self.assertIsNone(parsed.minutes)
		self.assertFalse(parsed.done)
		self.assertEqual([step.name for step in parsed.steps],
				 ['boot', 'shutdown'])
		self.assertEqual(parsed.steps[0].reports[0].detector, 'panic')


class JudgeTest(unittest.TestCase):
	def judge(self, without_dept):
		out = io.StringIO()
		sub = KtapWriter(out).subtest()
		boot = target.Boot(timed_out=False, status=0, console=recorded(),
				   ready=False)
		record = soak.judge_boot('soak-um-dept-on', boot,
					 soak_console.parse(recorded()),
					 without_dept, sub)
		return record, out.getvalue(), sub.counts

	def test_dept_claim(self):
		record, text, counts = self.judge(set())
		self.assertFalse(record['ok'])
		self.assertIn('  # dept report "Circular dependency has been '
			      'detected." naming sb_writers (DEPT\'s claim: not '
			      'seen with dept=off)\n  not ok ', text)
		self.assertIn('  not ok 3 fs-workload/ext4\n', text)
		self.assertIn('  ok 5 module/loop # SKIP not implemented\n', text)
		# the failed steps, and the workload that never ended
		self.assertEqual(counts.failed, 1 + sum(
			1 for step in record['steps'] if not step['ok']))
		aiol = [s for s in record['steps'] if s['step'] == 'stress-ng/aiol']
		self.assertEqual(aiol[0]['reports'][0]['classes'], ['sb_writers'])

	def test_seen_without_dept_is_no_claim(self):
		report = soak_console.parse(recorded()).steps
		seen = {soak_console.identity(r) for step in report
			for r in step.reports}
		_, text, _ = self.judge(seen)
		self.assertNotIn("DEPT's claim", text)

	def test_plan_counts_steps(self):
		_, text, counts = self.judge(None)
		lines = text.splitlines()
		self.assertEqual(lines[0], '  KTAP version 1')
		planned = int(lines[1].strip()[3:])
		self.assertEqual(planned, counts.total)


class SoakTargetTest(unittest.TestCase):
	"""The [soak] table's command, and its accelerator if it has one,
	replace the target's."""

	def load(self, soak_table):
		with tempfile.NamedTemporaryFile('w', suffix='.toml') as file:
			file.write('halt = "reboot"\n'
				   'command = ["qemu", "-accel", "{accel}"]\n'
				   'accel = "tcg"\n'
				   '[soak]\n'
				   'command = ["qemu-soak", "-accel", "{accel}"]\n'
				   + soak_table)
			file.flush()
			return soak.load_soak_target(file.name)

	def test_target_accel(self):
		machine = self.load('')
		self.assertEqual(machine.command[0], 'qemu-soak')
		self.assertEqual(machine.accel, 'tcg')

	def test_soak_accel(self):
		machine = self.load('accel = "tcg,thread=single"\n')
		self.assertEqual(machine.accel, 'tcg,thread=single')


class CmdlineTest(unittest.TestCase):
	"""The guest learns its target's name (UML's uname says x86_64),
	not the path of the target's file."""

	def test_target_by_name(self):
		args = argparse.Namespace(minutes=3, name='x86_64', steps='',
					  target='qemu-config/x86_64.toml')
		words = soak.kernel_cmdline(args, 'dept-off').split()
		self.assertIn('soak.target=x86_64', words)
		self.assertIn('soak.minutes=3', words)
		self.assertIn('dept=off', words)
		self.assertFalse([w for w in words if w.startswith('soak.steps=')])

	def test_steps_asked_for(self):
		args = argparse.Namespace(minutes=1, name='um', steps='stress-ng/*',
					  target='um-config/um.toml')
		self.assertIn('soak.steps=stress-ng/*',
			      soak.kernel_cmdline(args, 'dept-on').split())


class RunFilesTest(unittest.TestCase):
	"""A run keeps its console and results under its own time; the
	latest are found under the plain names."""

	def run_soak(self, work, stamp):
		args = argparse.Namespace(work=work, stamp=stamp, name='um',
					  boots=['dept-on'], steps='',
					  summary=False)
		console = soak.console_path(args, 'dept-on', stamp)
		with open(console, 'w', encoding='utf-8') as file:
			file.write(recorded())
		soak.keep_latest(console, soak.console_path(args, 'dept-on'))
		with contextlib.redirect_stdout(io.StringIO()):
			soak.judge_all(args, soak.rejudge(args))

	def test_runs_kept(self):
		with tempfile.TemporaryDirectory() as work:
			self.run_soak(work, '20261206T010000Z')
			self.run_soak(work, '20261206T020000Z')
			self.assertEqual(sorted(os.listdir(work)), [
				'console-dept-on-20261206T010000Z.log',
				'console-dept-on-20261206T020000Z.log',
				'console-dept-on.log',
				'results-20261206T010000Z.json',
				'results-20261206T020000Z.json',
				'results.json'])
			self.assertEqual(os.readlink(os.path.join(work, 'results.json')),
					 'results-20261206T020000Z.json')
			self.assertEqual(
				os.readlink(os.path.join(work, 'console-dept-on.log')),
				'console-dept-on-20261206T020000Z.log')
			with open(os.path.join(work, 'results.json'),
				  encoding='utf-8') as file:
				self.assertEqual(json.load(file)['target'], 'um')


class ResultsTest(unittest.TestCase):
	def boot(self, mode, bogo, reports=()):
		steps = [{'step': 'stress-ng/pipe', 'status': 0, 'ok': not reports,
			  'bogo_ops_per_s': bogo, 'reports': list(reports),
			  'skipped': None},
			 {'step': 'stress-ng/numa', 'status': 3, 'ok': True,
			  'bogo_ops_per_s': None, 'reports': [],
			  'skipped': 'no resources'},
			 {'step': 'stress-ng/swap', 'status': 2, 'ok': False,
			  'bogo_ops_per_s': None, 'reports': [], 'skipped': None,
			  'says': ['swap: swapon failed, errno=38']}]
		return {'boot': f'soak-um-{mode}', 'mode': mode, 'ok': not reports,
			'timed_out': False, 'minutes': 1,
			'workload_began_after_s': 1.5, 'seconds': 60,
			'steps': steps}

	def test_render(self):
		report = {'detector': 'dept', 'title': 'Circular dependency',
			  'classes': ['a', 'b']}
		text = soak_results.render([{'target': 'um', 'date': '2026-12-04', 'boots': [
			self.boot('dept-on', 100.0, [report]),
			self.boot('dept-off', 250.0)]}])
		self.assertIn('## um, 2026-12-04', text)
		self.assertIn('| soak-um-dept-on | 1 | 2 s | 0 | 2 | 1 | 60 s |', text)
		self.assertIn('| soak-um-dept-off | 1 | 2 s | 1 | 1 | 1 | 60 s |', text)
		self.assertIn('- stress-ng/swap: status 2: swap: swapon failed, '
			      'errno=38', text)
		self.assertIn('- dept "Circular dependency" (a, b): stress-ng/pipe', text)
		self.assertIn('soak-um-dept-off: no kernel report.', text)
		self.assertIn('- `stress-ng/pipe`: 2.5x', text)

	def test_append(self):
		result = {'target': 'um', 'date': '2026-12-07',
			  'boots': [self.boot('dept-on', 100.0)]}
		with tempfile.TemporaryDirectory() as work:
			doc = os.path.join(work, 'soak.md')
			path = os.path.join(work, 'results.json')
			with open(path, 'w', encoding='utf-8') as file:
				json.dump(result, file)
			soak_results.main(['--append', doc, path])
			with open(doc, encoding='utf-8') as file:
				first = file.read()
			with open(doc, 'a', encoding='utf-8') as file:
				file.write('What was learned.\n')
			soak_results.main(['--append', doc, path])
			with open(doc, encoding='utf-8') as file:
				both = file.read()
		self.assertTrue(first.startswith('# What the soak saw\n'))
		self.assertEqual(both.count('# What the soak saw'), 1)
		self.assertEqual(both.count('## um, 2026-12-07'), 2)
		self.assertIn('What was learned.\n\n## um, 2026-12-07', both)


if __name__ == '__main__':
	unittest.main()
