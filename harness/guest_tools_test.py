#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The guests' own tools, run on the host over recorded files."""

import os
import subprocess
import tempfile
import unittest

from harness.paths import SCENARIOS_DIR

DEPT_POOLS = os.path.join(SCENARIOS_DIR, 'guest', 'dept-pools')
STATS = os.path.join(os.path.dirname(__file__), 'test_data', 'dept_stats')
STRESSOR_LIST = os.path.join(SCENARIOS_DIR, 'soak', 'stressor-list')
# stress-ng 0.15's answer to --class NAME?, for two classes
FAKE_STRESS_NG = """#!/bin/sh
case $2 in
'os?') echo "class 'os' stressors: opcode madvise pipe" ;;
'vm?') echo "class 'vm' stressors: madvise mmap" ;;
*) echo "Unknown class: '${2%?}', available classes: os vm" ;;
esac
"""


def dept_pools(*columns, stats=STATS):
	return subprocess.run(['sh', DEPT_POOLS, *columns], capture_output=True,
			      text=True, env=dict(os.environ, DEPT_STATS=stats))


class DeptPoolsTest(unittest.TestCase):
	def test_columns_by_name(self):
		done = dept_pools('used', 'dropped')
		self.assertEqual(done.returncode, 0, done.stderr)
		self.assertEqual(done.stdout.splitlines(),
				 ['dep 783 154', 'class 267 185', 'stack 1172 3389',
				  'ecxt 397 0', 'wait 893 5174'])

	def test_order_as_asked(self):
		done = dept_pools('refills', 'total')
		self.assertEqual(done.stdout.splitlines()[0], 'dep 12 832')

	def test_unknown_column_fails(self):
		done = dept_pools('used', 'leaked')
		self.assertEqual(done.returncode, 1)
		self.assertEqual(done.stdout, '')
		self.assertIn('dept-pools: no column leaked in', done.stderr)

	def test_a_column_more_moves_nothing(self):
		with open(STATS) as f:
			lines = f.read().splitlines()
		wider = [line + ' 7' if i < 6 else line
			 for i, line in enumerate(lines)]
		wider[0] = wider[0].replace(' 7', ' new')
		with tempfile.NamedTemporaryFile('w') as f:
			f.write('\n'.join(wider) + '\n')
			f.flush()
			done = dept_pools('used', 'new', stats=f.name)
		self.assertEqual(done.returncode, 0, done.stderr)
		self.assertEqual(done.stdout.splitlines()[0], 'dep 783 7')

	def test_no_pool_fails(self):
		with tempfile.NamedTemporaryFile('w') as f:
			f.write('pool objsize total\nwgen 5\nstopped 0\n')
			f.flush()
			done = dept_pools('total', stats=f.name)
		self.assertEqual(done.returncode, 1)
		self.assertIn('dept-pools: no pool in', done.stderr)

	def test_no_column_named(self):
		done = dept_pools()
		self.assertEqual(done.returncode, 2)
		self.assertIn('usage: dept-pools COLUMN...', done.stderr)


class StressorListTest(unittest.TestCase):
	"""The soak's list of stressors, from its file and the target."""

	def stressor_list(self, stressors, target):
		with tempfile.TemporaryDirectory() as bin_dir:
			fake = os.path.join(bin_dir, 'stress-ng')
			with open(fake, 'w', encoding='utf-8') as f:
				f.write(FAKE_STRESS_NG)
			os.chmod(fake, 0o755)
			listed = os.path.join(bin_dir, 'stressors')
			with open(listed, 'w', encoding='utf-8') as f:
				f.write(stressors)
			path = bin_dir + os.pathsep + os.environ['PATH']
			return subprocess.run([STRESSOR_LIST, listed, target],
					      capture_output=True, text=True,
					      env=dict(os.environ, PATH=path))

	def test_classes_in_order_each_once(self):
		done = self.stressor_list('class vm\nclass os\n', 'um')
		self.assertEqual(done.returncode, 0, done.stderr)
		self.assertEqual(done.stdout.split(),
				 ['madvise', 'mmap', 'opcode', 'pipe'])

	def test_excluded_everywhere(self):
		done = self.stressor_list('# opcode: why\nclass os\n'
					  'exclude opcode\n', 'arm64')
		self.assertEqual(done.stdout.split(), ['madvise', 'pipe'])

	def test_excluded_on_the_targets_named(self):
		stressors = 'class os\nexclude opcode x86_64 arm64\n'
		for target, listed in (('x86_64', ['madvise', 'pipe']),
				       ('arm64', ['madvise', 'pipe']),
				       ('um', ['opcode', 'madvise', 'pipe'])):
			with self.subTest(target=target):
				done = self.stressor_list(stressors, target)
				self.assertEqual(done.stdout.split(), listed)

	def test_unknown_class_fails(self):
		done = self.stressor_list('class os\nclass ipc\n', 'um')
		self.assertEqual(done.returncode, 1)
		self.assertIn('unknown class ipc', done.stderr)


if __name__ == '__main__':
	unittest.main()
