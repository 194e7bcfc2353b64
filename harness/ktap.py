# SPDX-License-Identifier: GPL-2.0
"""Printing a KTAP version 1 document."""

import sys
from typing import Iterable, Optional, TextIO


class KtapWriter:
	"""Writes one KTAP document; a subtest's document is written by a
	writer whose indent is its parent's plus two spaces."""

	def __init__(self, out: TextIO = sys.stdout, indent: str = ''):
		self.out = out
		self.indent = indent

	def subtest(self) -> 'KtapWriter':
		return KtapWriter(self.out, self.indent + '  ')

	def emit(self, line: str) -> None:
		self.out.write(self.indent + line + '\n')
		self.out.flush()

	def plan(self, count: int) -> None:
		self.emit('KTAP version 1')
		self.emit(f'1..{count}')

	def diagnostic(self, lines: Iterable[str]) -> None:
		for line in lines:
			self.emit(('# ' + line).rstrip())

	def result(self, number: int, name: str, ok: bool,
		   directive: Optional[str] = None) -> None:
		line = f"{'ok' if ok else 'not ok'} {number} {name}"
		if directive:
			line += f' # {directive}'
		self.emit(line)
