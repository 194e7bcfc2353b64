# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the KTAP module (harness/ktap.py): the writer, the parser,
the closing line and the command line; and that the kernel's own parser
(kunit.py, when the tree is prepared) reads what the writer writes.

Run: python3 -m unittest harness.ktap_test
"""

import io
import os
import tempfile
import unittest

from harness import check_kunit_parse, ktap

KUNIT_PY = os.path.join(os.environ.get('BUILD_DIR', 'build'), 'linux', 'tools',
			'testing', 'kunit', 'kunit.py')


def nested_document() -> str:
	"""A document with a subtest written by a subtest writer and one
	relayed from another program's output."""
	out = io.StringIO()
	writer = ktap.KtapWriter(out)
	writer.plan(3)
	writer.diagnostic(['seed: 1'])
	sub = writer.subtest()
	sub.plan(2)
	sub.result('one', True)
	sub.diagnostic(['two: why', ''])
	sub.result('two', False)
	writer.result('written', False)
	writer.relay(['KTAP version 1', '1..1', '', 'ok 1 inner # SKIP no tool'])
	writer.result('relayed', True)
	writer.result('skipped', True, 'SKIP no disk')
	writer.summary()
	return out.getvalue()


class WriterTest(unittest.TestCase):
	def test_nesting_numbering_directives(self):
		self.assertEqual(nested_document().splitlines(), [
			'KTAP version 1',
			'1..3',
			'# seed: 1',
			'  KTAP version 1',
			'  1..2',
			'  ok 1 one',
			'  # two: why',
			'  #',
			'  not ok 2 two',
			'not ok 1 written',
			'  KTAP version 1',
			'  1..1',
			'',
			'  ok 1 inner # SKIP no tool',
			'ok 2 relayed',
			'ok 3 skipped # SKIP no disk',
			'1 passed, 1 failed, 1 skipped',
		])

	def test_counts_are_per_document(self):
		writer = ktap.KtapWriter(io.StringIO())
		sub = writer.subtest()
		sub.result('a', False)
		sub.result('b', True, 'SKIP why')
		writer.result('c', True)
		self.assertEqual((writer.counts.passed, writer.counts.failed,
				  writer.counts.skipped), (1, 0, 0))
		self.assertEqual((sub.counts.passed, sub.counts.failed,
				  sub.counts.skipped), (0, 1, 1))

	def test_summary_of_other_counts(self):
		out = io.StringIO()
		total = ktap.Counts(passed=2)
		total += ktap.Counts(failed=1)
		ktap.KtapWriter(out).summary(total)
		self.assertEqual(out.getvalue(), '2 passed, 1 failed\n')


class ParseTest(unittest.TestCase):
	def test_top_level_only(self):
		document = ktap.parse([
			'KTAP version 1', '1..5', '  KTAP version 1', '  1..1',
			'  not ok 1 nested', '# a diagnostic', 'an unknown line',
			'ok 1 a', 'not ok 2 b # TIMEOUT 30 seconds',
			'ok 3 - c # SKIP no tool', 'not ok 4 d # skip', 'ok 5',
			'1..9'])
		self.assertEqual(document.plan, 5)
		self.assertEqual(document.results, [
			ktap.Result(True, 1, 'a'),
			ktap.Result(False, 2, 'b', 'TIMEOUT 30 seconds'),
			ktap.Result(True, 3, 'c', 'SKIP no tool'),
			ktap.Result(False, 4, 'd', 'skip'),
			ktap.Result(True, 5, ''),
		])
		self.assertEqual([r.skipped for r in document.results],
				 [False, False, True, True, False])
		counts = document.counts()
		self.assertEqual((counts.passed, counts.failed, counts.skipped),
				 (2, 1, 2))

	def test_no_plan(self):
		self.assertIsNone(ktap.parse(['KTAP version 1', 'ok 1 a']).plan)

	def test_reads_what_the_writer_wrote(self):
		document = ktap.parse(nested_document().splitlines())
		self.assertEqual(document.plan, 3)
		self.assertEqual([(r.name, r.ok, r.directive)
				  for r in document.results],
				 [('written', False, None), ('relayed', True, None),
				  ('skipped', True, 'SKIP no disk')])


class KunitParseTest(unittest.TestCase):
	"""kunit.py parse reads the writer's documents as they are meant."""

	def setUp(self):
		if not os.path.exists(KUNIT_PY):
			self.skipTest(f'{KUNIT_PY} not prepared')

	def test_nested_document(self):
		# the closing line is none of the document's
		text = nested_document().rsplit('\n', 2)[0] + '\n'
		with tempfile.NamedTemporaryFile('w', suffix='.ktap') as file:
			file.write(text)
			file.flush()
			self.assertEqual(check_kunit_parse.check(KUNIT_PY, file.name), [])


if __name__ == '__main__':
	unittest.main()
