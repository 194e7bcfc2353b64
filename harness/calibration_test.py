# SPDX-License-Identifier: GPL-2.0
"""Unit tests of calibration.py over recorded consoles.

Run: python3 -m unittest harness.calibration_test
"""

import os
import unittest

from harness.calibration import Calibration

DATA = os.path.join(os.path.dirname(__file__), 'test_data')


def console(name):
	with open(os.path.join(DATA, name), encoding='utf-8') as file:
		return file.read().splitlines()


class CalibrationTest(unittest.TestCase):

	def test_nothing_until_a_boot_calibrated(self):
		calibration = Calibration()
		self.assertEqual(calibration.cmdline(), '')
		calibration.learn(['[    0.000000] Calibrating delay loop (skipped), '
				   'value calculated using timer frequency.. '
				   '4000.00 BogoMIPS (lpj=8000000)'])
		self.assertEqual(calibration.cmdline(), '')

	def test_the_first_figure_stays(self):
		calibration = Calibration()
		calibration.learn(console('clean_boot.log'))
		self.assertEqual(calibration.cmdline(), 'lpj=42123264')
		calibration.learn(console('panic.log'))
		self.assertEqual(calibration.cmdline(), 'lpj=42123264')


if __name__ == '__main__':
	unittest.main()
