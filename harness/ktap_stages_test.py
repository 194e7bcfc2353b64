#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the test aggregation: ktap_stages.py and check_kunit_parse.py.

Run: PYTHONPATH=harness python3 -m unittest ktap_stages_test
"""

import os
import tempfile
import unittest

import check_kunit_parse
import ktap_stages

KUNIT_PY = os.path.join(os.environ.get('BUILD_DIR', 'build'), 'linux', 'tools',
			'testing', 'kunit', 'kunit.py')


class CountTest(unittest.TestCase):
	def test_top_level_results(self):
		counts = ktap_stages.count([
			'KTAP version 1', '1..4',
			'  KTAP version 1', '  1..1', '  not ok 1 nested', 'ok 1 a',
			'not ok 2 b', 'ok 3 c # SKIP no tool', 'not ok 4 d # TIMEOUT'], 1)
		self.assertEqual((counts.passed, counts.failed, counts.skipped), (1, 2, 1))
		self.assertEqual(counts.problems, [])

	def test_missing_results(self):
		counts = ktap_stages.count(['KTAP version 1', '1..3', 'ok 1 a'], 1)
		self.assertEqual((counts.passed, counts.failed), (1, 2))
		self.assertEqual(counts.problems, ['2 of 3 results missing'])

	def test_failed_exit_without_failed_test(self):
		counts = ktap_stages.count(['KTAP version 1', '1..1', 'ok 1 a'], 2)
		self.assertEqual(counts.failed, 1)
		self.assertEqual(counts.problems, ['the stage exited with status 2'])

	def test_no_document(self):
		counts = ktap_stages.count([], 2)
		self.assertEqual(counts.failed, 1)
		self.assertIn('the stage printed no KTAP document', counts.problems)


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
