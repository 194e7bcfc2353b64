# SPDX-License-Identifier: GPL-2.0
"""Check that the kernel's own KTAP parser reads our KTAP as we meant it.

For each KTAP file (the stages of 'make test'), one test: the kernel's
tools/testing/kunit/kunit.py parse reports no error, and finds the same
top-level tests with the same outcomes as the file says.  An empty file (a
stage that printed no KTAP, and failed for it) is skipped.  Prints a KTAP
document.

usage: python3 -m harness.check_kunit_parse KUNIT_PY FILE...
"""

import json
import os
import subprocess
import sys
import tempfile
from typing import List, Tuple

from harness import ktap


def our_results(path: str) -> List[Tuple[str, str]]:
	"""The top-level tests of a file with their outcomes as kunit.py
	names them."""
	with open(path, encoding='utf-8') as file:
		document = ktap.parse(line.rstrip('\n') for line in file)
	return [(result.name, 'SKIP' if result.skipped else
		 'PASS' if result.ok else 'FAIL') for result in document.results]


def kunit_results(tree: dict) -> List[Tuple[str, str]]:
	"""Top-level tests of kunit.py's JSON, groups last as it lists them."""
	results = [(case['name'], case['status']) for case in tree['test_cases']]
	return results + [(group['name'], None) for group in tree['sub_groups']]


def check(kunit_py: str, path: str) -> List[str]:
	with tempfile.TemporaryDirectory() as tmp:
		json_path = os.path.join(tmp, 'results.json')
		run = subprocess.run([sys.executable, kunit_py, 'parse',
				      f'--json={json_path}', os.path.abspath(path)],
				     capture_output=True, text=True, check=False)
		errors = [line for line in run.stdout.splitlines() if '[ERROR]' in line]
		if errors or not os.path.exists(json_path):
			return errors or [f'kunit.py parse failed: {run.stderr.strip()}']
		with open(json_path, encoding='utf-8') as file:
			theirs = kunit_results(json.load(file))
	ours = our_results(path)
	# kunit.py's JSON keeps groups apart from plain tests: compare names as
	# sets, outcomes where kunit.py gives one.
	problems = []
	if sorted(name for name, _ in ours) != sorted(name for name, _ in theirs):
		problems.append(f'tests: ours {[n for n, _ in ours]}, kunit.py {[n for n, _ in theirs]}')
	wanted = dict(ours)
	for name, status in theirs:
		if status is not None and wanted.get(name) != status:
			problems.append(f'{name}: ours {wanted.get(name)}, kunit.py {status}')
	return problems


def main(argv: List[str]) -> int:
	kunit_py, files = argv[0], argv[1:]
	writer = ktap.KtapWriter()
	writer.plan(len(files))
	for path in files:
		name = 'kunit-parse-' + os.path.splitext(os.path.basename(path))[0]
		if os.path.exists(path) and os.path.getsize(path) == 0:
			writer.result(name, True, 'SKIP the stage printed no KTAP')
			continue
		problems = check(kunit_py, path) if os.path.exists(path) else [f'{path} is missing']
		writer.diagnostic(f'{name}: {line}' for problem in problems
				  for line in problem.splitlines())
		writer.result(name, not problems)
	return 1 if writer.counts.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
