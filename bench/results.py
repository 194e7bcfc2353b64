# SPDX-License-Identifier: GPL-2.0
"""results.json: one record per figure (bench/figures.py), each with the
commit and the date of the run."""

import json
import subprocess
from datetime import datetime, timezone
from typing import List

from bench.figures import Figure


def commit() -> str:
	"""The repository's commit, '+' when the work tree has changes."""
	head = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'],
			      capture_output=True, text=True, check=False)
	dirty = subprocess.run(['git', 'status', '--porcelain', '--untracked-files=no'],
			       capture_output=True, text=True, check=False)
	return head.stdout.strip() + ('+' if dirty.stdout.strip() else '')


def stamp(found: List[Figure], revision: str, date: str = '') -> None:
	date = date or datetime.now(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
	for figure in found:
		figure.commit = revision
		figure.date = date


def write(path: str, found: List[Figure]) -> None:
	with open(path, 'w', encoding='utf-8') as file:
		json.dump([f.as_dict() for f in found], file, indent=1)
		file.write('\n')


class ResultsError(Exception):
	"""A results file that cannot be read: says which and why."""


def read(path: str) -> List[Figure]:
	try:
		with open(path, encoding='utf-8') as file:
			return [Figure(**record) for record in json.load(file)]
	except OSError as error:
		raise ResultsError(f'{path}: {error.strerror}') from error
	except (ValueError, TypeError) as error:
		raise ResultsError(f'{path}: not a results.json of make bench ({error})') from error
