# SPDX-License-Identifier: GPL-2.0
"""Kernel variants: harness/variants/NAME.config, a fragment applied after
a target's own, its kernel built beside the target's default one.

Comments in a fragment may say where it does not apply and what it runs:
  # skip where KEY = VALUE: REASON
                         the targets it is not built for, by what their
                         files say (KEY: a key of [build], e.g. arch or
                         soak), and why: there the build stops and make
                         test skips the target with REASON
  # scenarios: A B       the scenarios make test runs on it (default all)
A variant named A+B applies the fragments of A, then of B (make bench's
floor of the soak kernel: soak+floor).  Adding a variant is adding its
fragment.
"""

import glob
import os
import re
from typing import Dict, List

from harness.paths import ROOT

VARIANTS_DIR = os.path.join('harness', 'variants')
SKIP = re.compile(r'^# skip where ([a-z_]+) = ([^:]+): (.*)$')
SCENARIOS = '# scenarios: '


class UnknownVariant(Exception):
	"""A variant name that no fragment has; the message lists the known."""


def names(root: str = ROOT) -> List[str]:
	"""Every variant, by name."""
	return sorted(os.path.basename(path)[:-len('.config')] for path in
		      glob.glob(os.path.join(root, VARIANTS_DIR, '*.config')))


def parts(variant: str, root: str = ROOT) -> List[str]:
	"""The variants @variant joins with '+' (none for the default
	kernel), each one known."""
	joined = variant.split('+') if variant else []
	unknown = [name for name in joined if name not in names(root)]
	if unknown:
		raise UnknownVariant(f'unknown variant {"+".join(unknown)}; known: '
				     f'{" ".join(names(root))}, or several '
				     'joined by +')
	return joined


def fragments(variant: str, root: str = ROOT) -> List[str]:
	"""The fragments of @variant, relative to the repository."""
	return [os.path.join(VARIANTS_DIR, name + '.config')
		for name in parts(variant, root)]


def comments(name: str, root: str) -> List[str]:
	with open(os.path.join(root, VARIANTS_DIR, name + '.config'),
		  encoding='utf-8') as file:
		return [line.rstrip('\n') for line in file if line.startswith('#')]


def skip_reason(variant: str, build: Dict[str, str], root: str = ROOT) -> str:
	"""Why @variant is not built for the target whose file's [build]
	table is @build ('' when it is)."""
	reasons = []
	for name in parts(variant, root):
		for line in comments(name, root):
			match = SKIP.match(line)
			if match and build.get(match.group(1)) == match.group(2):
				reasons.append(match.group(3))
	return ' '.join(reasons)


def scenarios(variant: str, root: str = ROOT) -> List[str]:
	"""The scenarios @variant runs (empty: all of them); of joined
	variants, the first one's."""
	for name in parts(variant, root)[:1]:
		for line in comments(name, root):
			if line.startswith(SCENARIOS):
				return line[len(SCENARIOS):].split()
	return []
