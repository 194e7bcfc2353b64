# SPDX-License-Identifier: GPL-2.0
"""Unit tests of full_config_warnings.py over a recorded 'git diff -U0' and
a W=1 build log (test_data/full_config.*), no tree nor build needed."""

import os
import unittest

from harness import full_config_warnings as fcw

TEST_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test_data')


def read(name: str) -> str:
	with open(os.path.join(TEST_DATA, name), encoding='utf-8') as file:
		return file.read()


class AddedLinesTest(unittest.TestCase):
	def test_hunks_give_the_new_side_lines(self):
		added = fcw.added_lines(read('full_config.diff'))
		self.assertEqual(added['mm/mmu_notifier.c'], {21, 149, 150, 151})
		self.assertEqual(added['include/linux/srcu.h'], {210})

	def test_deleted_files_add_nothing(self):
		self.assertNotIn('scripts/removed.c', fcw.added_lines(read('full_config.diff')))


class JudgeTest(unittest.TestCase):
	def judge(self):
		# the O= directory is /out/x86_64, the tree /linux: "../../linux/..."
		return fcw.judge(read('full_config_w1.log'),
				 fcw.added_lines(read('full_config.diff')),
				 {'kernel/dependency/dept.c'}, '/linux', '/out/x86_64')

	def test_warnings_on_added_lines_and_new_files_are_the_series(self):
		ours, _ = self.judge()
		self.assertEqual(ours, [
			'include/linux/srcu.h:210: old-style declaration [-Wold-style-declaration]',
			'kernel/dependency/dept.c:12: comparison is always true [-Wtype-limits]',
			"mm/mmu_notifier.c:150: unused variable 'x' [-Wunused-variable]",
		])

	def test_other_warnings_were_there_before(self):
		_, theirs = self.judge()
		# an absolute path outside /linux stays as the compiler named it
		self.assertEqual(len(theirs), 1)
		self.assertTrue(theirs[0].endswith(
			"mm/mmu_notifier.c:400: no previous prototype for 'f' [-Wmissing-prototypes]"))


if __name__ == '__main__':
	unittest.main()
