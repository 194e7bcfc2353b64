# SPDX-License-Identifier: GPL-2.0
"""Run unittest test modules and print the outcome as one KTAP document.

usage: python3 -m harness.ktap_unittest MODULE...
"""

import sys
import unittest
from typing import Iterator, List

from harness.ktap import KtapWriter


def tests_of(suite: unittest.TestSuite) -> Iterator[unittest.TestCase]:
	for test in suite:
		if isinstance(test, unittest.TestSuite):
			yield from tests_of(test)
		else:
			yield test


def main(modules: List[str]) -> int:
	suite = unittest.defaultTestLoader.loadTestsFromNames(modules)
	tests = list(tests_of(suite))
	writer = KtapWriter()
	writer.plan(len(tests))
	for test in tests:
		result = unittest.TestResult()
		test.run(result)
		for _, text in result.errors + result.failures:
			writer.diagnostic(text.splitlines())
		name = test.id().rsplit('.', 2)[-2:]
		skip = result.skipped[0][1] if result.skipped else None
		writer.result('.'.join(name), result.wasSuccessful(),
			      f'SKIP {skip}' if skip else None)
	return 1 if writer.counts.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
