# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the test aggregation: stages.py and check_kunit_parse.py.

Run: python3 -m unittest harness.stages_test
"""

import os
import subprocess
import sys
import tempfile
import unittest

from harness import check_kunit_parse, stages
from harness.stages import Stage
from harness.paths import ROOT

KUNIT_PY = os.path.join(os.environ.get('BUILD_DIR', 'build'), 'linux', 'tools',
			'testing', 'kunit', 'kunit.py')


class CountTest(unittest.TestCase):
	def test_top_level_results(self):
		counts, problems = stages.count([
			'KTAP version 1', '1..4',
			'  KTAP version 1', '  1..1', '  not ok 1 nested', 'ok 1 a',
			'not ok 2 b', 'ok 3 c # SKIP no tool', 'not ok 4 d # TIMEOUT'], 1)
		self.assertEqual((counts.passed, counts.failed, counts.skipped), (1, 2, 1))
		self.assertEqual(problems, [])

	def test_missing_results(self):
		counts, problems = stages.count(['KTAP version 1', '1..3', 'ok 1 a'], 1)
		self.assertEqual((counts.passed, counts.failed), (1, 2))
		self.assertEqual(problems, ['2 of 3 results missing'])

	def test_failed_exit_without_failed_test(self):
		counts, problems = stages.count(['KTAP version 1', '1..1', 'ok 1 a'], 2)
		self.assertEqual(counts.failed, 1)
		self.assertEqual(problems, ['the stage exited with status 2'])

	def test_no_document(self):
		counts, problems = stages.count([], 2)
		self.assertEqual(counts.failed, 1)
		self.assertIn('the stage printed no KTAP document', problems)


def sh(script):
	return ['sh', '-c', script]


PASS = sh('printf "KTAP version 1\\n1..1\\nok 1 a\\n"')


class RunTest(unittest.TestCase):
	"""stages.run as make test runs it, on tiny shell stages, in a process
	of its own (its output is the process's)."""

	def run_stages(self, *stage_list):
		out = tempfile.mkdtemp()
		self.addCleanup(lambda: subprocess.call(['rm', '-rf', out]))
		script = ('import sys\nfrom harness.stages import Stage, run\n'
			  f'sys.exit(run({out!r}, {list(stage_list)!r}))\n')
		run = subprocess.run([sys.executable, '-c', script], cwd=ROOT,
				     capture_output=True, text=True, check=False)
		return run, out

	def test_built_stage_runs_and_is_timed(self):
		run, out = self.run_stages(
			Stage('t', PASS, build=sh('echo building $WHAT'),
			      env={'WHAT': 'it'}))
		lines = run.stdout.splitlines()
		self.assertEqual(run.returncode, 0)
		self.assertEqual(run.stderr, 'building it\n')
		self.assertEqual(lines[2:5], ['  KTAP version 1', '  1..1', '  ok 1 a'])
		self.assertRegex(lines[-3], r'^# time t: build \d+ s, run \d+ s$')
		self.assertRegex(lines[-2], r'^# time of all: \d+ s$')
		self.assertEqual(lines[-1], '1 passed, 0 failed')
		with open(os.path.join(out, 't.ktap'), encoding='utf-8') as file:
			self.assertEqual(file.read(), 'KTAP version 1\n1..1\nok 1 a\n')

	def test_failed_build_fails_its_stage_only(self):
		run, _ = self.run_stages(
			Stage('broken', sh('echo never run'), build=sh('exit 3')),
			Stage('u', PASS))
		lines = run.stdout.splitlines()
		self.assertEqual(run.returncode, 1)
		self.assertNotIn('never run', run.stdout + run.stderr)
		self.assertIn('# broken: the build failed (status 3); its output '
			      'is above on stderr', lines)
		self.assertIn('not ok 1 broken', lines)
		self.assertIn('ok 2 u', lines)
		self.assertRegex(lines[-4], r'^# time broken: build \d+ s$')
		self.assertRegex(lines[-3], r'^# time u: run \d+ s$')
		self.assertEqual(lines[-1], '1 passed, 1 failed')

	def test_next_build_goes_on_beside_a_run(self):
		# a's run ends only once b's build has begun beside it
		marker = tempfile.mktemp()
		self.addCleanup(lambda: os.path.exists(marker) and os.remove(marker))
		run, _ = self.run_stages(
			Stage('a', sh(f'for i in $(seq 100); do test -e {marker} && '
				      'exec ' + ' '.join(PASS[2:]) + '; sleep 0.1; done'),
			      folders=('build/a',)),
			Stage('b', PASS, build=sh(f'touch {marker}'),
			      folders=('build/b',)))
		self.assertIn('ok 1 a', run.stdout.splitlines())
		self.assertEqual(run.stdout.splitlines()[-1], '2 passed, 0 failed')

	def test_no_build_in_a_running_stages_folder(self):
		# b's build would break a's run, which uses the same folder
		marker = tempfile.mktemp()
		self.addCleanup(lambda: os.path.exists(marker) and os.remove(marker))
		run, _ = self.run_stages(
			Stage('a', sh(f'sleep 0.5; test -e {marker} || exec '
				      + ' '.join(PASS[2:])), folders=('build/a',)),
			Stage('b', PASS, build=sh(f'touch {marker}'),
			      folders=('build/a',)))
		self.assertIn('ok 1 a', run.stdout.splitlines())
		self.assertEqual(run.stdout.splitlines()[-1], '2 passed, 0 failed')

	def test_skipped_stage_is_neither_built_nor_run(self):
		run, out = self.run_stages(
			Stage('um-kcsan', sh('echo never run'),
			      build=sh('echo never built'),
			      skip='KCSAN needs HAVE_ARCH_KCSAN'))
		self.assertEqual(run.returncode, 0)
		self.assertNotIn('never', run.stdout + run.stderr)
		self.assertIn('ok 1 um-kcsan # SKIP KCSAN needs HAVE_ARCH_KCSAN',
			      run.stdout.splitlines())
		self.assertEqual(run.stdout.splitlines()[-1],
				 '0 passed, 0 failed, 1 skipped')
		with open(os.path.join(out, 'um-kcsan.ktap'), encoding='utf-8') as file:
			self.assertEqual(file.read(), 'KTAP version 1\n1..1\nok 1 '
					 'um-kcsan # SKIP KCSAN needs HAVE_ARCH_KCSAN\n')


class KunitParseTest(unittest.TestCase):
	def setUp(self):
		if not os.path.exists(KUNIT_PY):
			self.skipTest(f'{KUNIT_PY} not prepared')

	def check(self, text):
		with tempfile.NamedTemporaryFile('w', suffix='.ktap') as file:
			file.write(text)
			file.flush()
			return check_kunit_parse.check(KUNIT_PY, file.name)

	def test_accepted(self):
		self.assertEqual(self.check(
			'KTAP version 1\n1..3\n# why\nnot ok 1 a # TIMEOUT\nok 2 b\n'
			'ok 3 c # SKIP no tool\n'), [])

	def test_wrong_numbering_rejected(self):
		problems = self.check('KTAP version 1\n1..2\nok 1 a\nok 3 b\n')
		self.assertTrue(any('[ERROR]' in p for p in problems), problems)

	def test_missing_result_rejected(self):
		problems = self.check('KTAP version 1\n1..2\nok 1 a\n')
		self.assertTrue(problems)


if __name__ == '__main__':
	unittest.main()
