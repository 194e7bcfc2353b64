# SPDX-License-Identifier: GPL-2.0
"""KTAP version 1, as the kernel's Documentation/dev-tools/ktap.rst
specifies it: writing a document, reading the top level of one, and the
closing line 'N passed, N failed' (', N skipped' when some were) of the
harness's commands.  Every part of the harness writes and reads KTAP
here, so that all of it nests subtests the same way (two spaces) and
counts a skipped test the same way (neither passed nor failed).
"""

import re
import sys
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, TextIO

VERSION = 'KTAP version 1'
# One level of nesting: a subtest's lines are indented by this much.
INDENT = '  '
PLAN = re.compile(r'^1\.\.(\d+)$')
# <result> <number> [- ][<name>][ # <directive> [<diagnostic data>]]
RESULT = re.compile(r'^(ok|not ok) (\d+)\b(?: (?:- )?([^#]*))?(?:#(.*))?$')


@dataclass
class Result:
	"""A result line; the directive is what follows its '#', e.g.
	'SKIP no tool' or 'TIMEOUT'."""
	ok: bool
	number: int
	name: str
	directive: Optional[str] = None

	@property
	def skipped(self) -> bool:
		"""The SKIP directive, with "ok" or "not ok" alike."""
		words = (self.directive or '').split()
		return bool(words) and words[0].upper() == 'SKIP'

	def __str__(self) -> str:
		line = f"{'ok' if self.ok else 'not ok'} {self.number} {self.name}"
		return line + (f' # {self.directive}' if self.directive else '')


@dataclass
class Counts:
	"""Results as the closing line counts them."""
	passed: int = 0
	failed: int = 0
	skipped: int = 0

	def add(self, result: Result) -> None:
		if result.skipped:
			self.skipped += 1
		elif result.ok:
			self.passed += 1
		else:
			self.failed += 1

	def __iadd__(self, other: 'Counts') -> 'Counts':
		self.passed += other.passed
		self.failed += other.failed
		self.skipped += other.skipped
		return self

	@property
	def total(self) -> int:
		return self.passed + self.failed + self.skipped

	def summary(self) -> str:
		line = f'{self.passed} passed, {self.failed} failed'
		return line + (f', {self.skipped} skipped' if self.skipped else '')


@dataclass
class Document:
	"""The top level of a document: its plan (None without one) and its
	results in order."""
	plan: Optional[int] = None
	results: List[Result] = field(default_factory=list)

	def counts(self) -> Counts:
		counts = Counts()
		for result in self.results:
			counts.add(result)
		return counts


def parse(lines: Iterable[str]) -> Document:
	"""Read the top level of a document.  Subtests' lines are indented, so
	only unindented plan and result lines count; diagnostics and unknown
	lines change nothing."""
	document = Document()
	for line in lines:
		match = PLAN.match(line)
		if match and document.plan is None:
			document.plan = int(match.group(1))
		match = RESULT.match(line)
		if match:
			document.results.append(Result(
				match.group(1) == 'ok', int(match.group(2)),
				(match.group(3) or '').strip(),
				(match.group(4) or '').strip() or None))
	return document


class KtapWriter:
	"""Writes one document: it numbers its results and counts them
	(counts); subtest() is the writer of a subtest's document, one level
	further in."""

	def __init__(self, out: TextIO = sys.stdout, indent: str = ''):
		self.out = out
		self.indent = indent
		self.counts = Counts()

	def subtest(self) -> 'KtapWriter':
		return KtapWriter(self.out, self.indent + INDENT)

	def emit(self, line: str) -> None:
		"""One line, at once: a reader follows a long run as it goes."""
		self.out.write((self.indent + line).rstrip() + '\n')
		self.out.flush()

	def plan(self, count: int) -> None:
		self.emit(VERSION)
		self.emit(f'1..{count}')

	def diagnostic(self, lines: Iterable[str]) -> None:
		for line in lines:
			self.emit('# ' + line)

	def result(self, name: str, ok: bool,
		   directive: Optional[str] = None) -> None:
		"""The next result; directive as 'SKIP reason'."""
		result = Result(ok, self.counts.total + 1, name, directive)
		self.emit(str(result))
		self.counts.add(result)

	def relay(self, lines: Iterable[str]) -> None:
		"""Write the lines of a document that another program printed (a
		whole one, nested or not) as a subtest of this one, line by line
		as they come; the result that closes the subtest is the caller's."""
		sub = self.subtest()
		for line in lines:
			sub.emit(line)

	def summary(self, counts: Optional[Counts] = None) -> None:
		"""The closing line over @counts, by default this document's own
		results."""
		self.emit((self.counts if counts is None else counts).summary())

