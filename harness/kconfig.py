# SPDX-License-Identifier: GPL-2.0
"""The options a kernel was built with, read from its .config, for the
scenarios that need some ('needs' in their expect file): a scenario is
skipped, saying why, on a kernel without one of them."""

import re
from typing import FrozenSet, List

ENABLED = re.compile(r'^(CONFIG_[A-Za-z0-9_]+)=[ym]$')


class KconfigError(Exception):
	"""The kernel's .config cannot be read."""


def enabled(path: str) -> FrozenSet[str]:
	"""The options set to y or m in the .config at @path."""
	try:
		with open(path, encoding='utf-8') as file:
			return frozenset(match.group(1) for match in
					 map(ENABLED.match, file) if match)
	except OSError as error:
		raise KconfigError(f'cannot read {path}: {error.strerror}') from error


def missing(needs: List[str], path: str) -> List[str]:
	"""The options of @needs that the kernel of the .config at @path lacks;
	the file is only read when something is needed."""
	if not needs:
		return []
	have = enabled(path)
	return [option for option in needs if option not in have]


def skip_reason(absent: List[str]) -> str:
	"""The KTAP SKIP directive of a scenario whose options are absent."""
	return f"SKIP needs {', '.join(absent)}, which this kernel lacks"
