# SPDX-License-Identifier: GPL-2.0
"""The warnings the series brings to a kernel build (harness/full-config.sh).

  python3 -m harness.full_config_warnings --touched TREE
	print the C files, relative to TREE, that the series changes (commits
	after the tag 'pristine') or adds (the files of src/ that
	prepare-tree.sh copied over, listed in TREE.overlay)
  python3 -m harness.full_config_warnings --judge TREE OUT LOG
	read the compiler warnings of LOG (a build with O=OUT) and sort them:
	on a line the series added (or in a file it added), or elsewhere.
	Print both; exit 1 if the series added any.
"""

import os
import re
import subprocess
import sys
from typing import Dict, List, Optional, Set, Tuple

HUNK = re.compile(r'^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@')
WARNING = re.compile(r'^(\S+?):(\d+):(?:\d+:)? warning: (.*)$')


def overlay_files(tree: str) -> List[str]:
	path = tree.rstrip('/') + '.overlay'
	if not os.path.isfile(path):
		return []
	with open(path, encoding='utf-8') as file:
		return [line.strip() for line in file if line.strip()]


def git(tree: str, *args: str) -> str:
	return subprocess.run(['git', '-C', tree, *args], check=True,
			      capture_output=True, text=True).stdout


def added_lines(diff: str) -> Dict[str, Set[int]]:
	"""The lines each file of a 'git diff -U0' gains."""
	added: Dict[str, Set[int]] = {}
	current: Optional[str] = None
	for line in diff.splitlines():
		if line.startswith('+++ '):
			current = line[6:] if line.startswith('+++ b/') else None
		elif current and (match := HUNK.match(line)):
			start, count = int(match.group(1)), int(match.group(2) or 1)
			added.setdefault(current, set()).update(range(start, start + count))
	return added


def tree_path(path: str, tree: str, out: str) -> str:
	"""A path as the compiler printed it (O= build), relative to TREE."""
	full = path if os.path.isabs(path) else os.path.join(out, path)
	return os.path.relpath(os.path.realpath(full), os.path.realpath(tree))


def judge(log: str, added: Dict[str, Set[int]], new_files: Set[str],
	  tree: str, out: str) -> Tuple[List[str], List[str]]:
	"""(warnings on lines the series added, the other warnings)"""
	ours, theirs = [], []
	for line in log.splitlines():
		match = WARNING.match(line.strip())
		if not match:
			continue
		path = tree_path(match.group(1), tree, out)
		text = f'{path}:{match.group(2)}: {match.group(3)}'
		if path in new_files or int(match.group(2)) in added.get(path, ()):
			ours.append(text)
		else:
			theirs.append(text)
	return sorted(set(ours)), sorted(set(theirs))


def main(argv: List[str]) -> int:
	if len(argv) == 2 and argv[0] == '--touched':
		tree = argv[1]
		changed = git(tree, 'diff', '--name-only', 'pristine', 'HEAD', '--', '*.c')
		for path in sorted(set(changed.split()) |
				   {f for f in overlay_files(tree) if f.endswith('.c')}):
			print(path)
		return 0
	if len(argv) == 4 and argv[0] == '--judge':
		tree, out, log_path = argv[1:]
		added = added_lines(git(tree, 'diff', '-U0', 'pristine', 'HEAD'))
		with open(log_path, encoding='utf-8', errors='replace') as file:
			ours, theirs = judge(file.read(), added, set(overlay_files(tree)),
					     tree, out)
		print(f'full-config: W=1: {len(ours)} warnings on lines the series '
		      f'added, {len(theirs)} elsewhere in the files it touches')
		for text in ours:
			print(f'  series: {text}')
		for text in theirs:
			print(f'  before: {text}')
		return 1 if ours else 0
	print(__doc__, file=sys.stderr)
	return 2


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
