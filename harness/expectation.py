# SPDX-License-Identifier: GPL-2.0
"""The expected outcome of a scenario, read from its 'expect' file.

One statement per line, words split like a shell does ('#' starts a
comment):

  timeout SECONDS           the guest must have finished by then (default 60)
  console REGEX             some console line must match REGEX
  console REGEX if CONFIG_X the same, only on a kernel built with CONFIG_X
                            (y or m): a line whose text depends on the
                            kernel's configuration (harness/kconfig.py)
  console REGEX unless CONFIG_X
                            the same, only on a kernel without CONFIG_X
  cmdline WORDS...          kernel parameters added to the guest's boot
                            (repeatable; the words are appended in order)
  disk FILESYSTEM SIZE_MB [MKFS_OPTION...]
                            a fresh image of SIZE_MB MiB with FILESYSTEM
                            (harness/disk.py; the options go to its mkfs),
                            attached to the guest as a block device;
                            repeatable: the guest finds the device of the
                            first in $HARNESS_DISK0, then $HARNESS_DISK1...
  needs CONFIG_X...         the scenario runs only on a kernel built with
                            each of these options (y or m); on another it is
                            skipped, naming what is missing (harness/kconfig.py)
  reports none             no report of any kind may appear
  report DETECTOR [title=TEXT] [classes=A,B,...] [after=DETECTOR]
                            one report of DETECTOR must appear; title: text
                            its title contains; classes: exactly the lock
                            classes it names (DEPT: its summary; lockdep: the
                            locks before its debug info); after: it comes
                            after a report of that detector
  maybe report DETECTOR [OPTIONS]
                            one report as 'report' describes may appear,
                            and need not: for a detector that reports one
                            fault in either or both of two forms (KCSAN's
                            race with both sides named, and at unknown
                            origin), each form limited on its own

  edge A -> B               DEPT's graph holds a dependency from class A
                            to class B (a class is its name, of any
                            subclass, or NAME:SUBCLASS)
  no edge A -> B            ... and none from A to B
                            (the guest dumps the graph with dept-edges: /init
                            after loading the scenario's modules, or run.sh
                            where it calls dept-edges; the last dump counts)
  long                      the scenario is of the long tail: the runner's
                            --quick (make run, the edit loop) skips it;
                            make test runs it
  only-for USE...           the scenario serves USE only (a tool that runs
                            it: bench, gdb), not the suite: the runner
                            leaves it out, from its plan too, unless --only
                            names it, as that tool does

Every report that no 'report' line accounts for fails the scenario, so two
'report dept' lines mean exactly two DEPT reports.  A file says either
'reports none' or at least one 'report'.
"""

import re
import shlex
from dataclasses import dataclass, field, replace
from typing import FrozenSet, List, Optional, Tuple

from harness.console import DETECTORS
from harness.disk import MKFS

DEFAULT_TIMEOUT = 60
REPORT_OPTIONS = ('title', 'classes', 'after')
NEEDED_OPTION = re.compile(r'^CONFIG_[A-Za-z0-9_]+$')
# what 'only-for' names: a make target's word (bench, gdb)
USE = re.compile(r'^[a-z][a-z0-9-]*$')


class ExpectationError(Exception):
	"""The expect file cannot be understood; the message says where and why."""


@dataclass(frozen=True)
class ReportSpec:
	detector: str
	title: Optional[str] = None
	classes: Optional[FrozenSet[str]] = None
	after: Optional[str] = None
	optional: bool = False	# 'maybe report'

	def describe(self) -> str:
		text = f'a {self.detector} report'
		if self.title:
			text += f' titled "...{self.title}..."'
		if self.classes:
			text += ' naming exactly ' + ', '.join(sorted(self.classes))
		if self.after:
			text += f' after a {self.after} report'
		return text


@dataclass(frozen=True)
class DiskSpec:
	filesystem: str
	size_mb: int
	options: Tuple[str, ...] = ()


@dataclass(frozen=True)
class EdgeSpec:
	source: str
	target: str
	present: bool	# 'edge' or 'no edge'

	def describe(self) -> str:
		return (f"{'' if self.present else 'no '}DEPT dependency "
			f'{self.source} -> {self.target}')


@dataclass
class Expectation:
	timeout: int = DEFAULT_TIMEOUT
	console: List[re.Pattern] = field(default_factory=list)
	# (option, wanted, pattern): a console line required only on a kernel
	# that has (wanted) or lacks the option; for_kernel() decides
	console_when: List[Tuple[str, bool, re.Pattern]] = \
		field(default_factory=list)
	reports: List[ReportSpec] = field(default_factory=list)
	no_reports: bool = False
	cmdline: List[str] = field(default_factory=list)
	needs: List[str] = field(default_factory=list)
	disks: List[DiskSpec] = field(default_factory=list)
	edges: List[EdgeSpec] = field(default_factory=list)
	long: bool = False
	# the tools the scenario serves ('only-for'): none, it is of the suite
	only_for: Tuple[str, ...] = ()

	def for_kernel(self, enabled: FrozenSet[str]) -> 'Expectation':
		"""The expectation on a kernel with the options @enabled: the
		conditional console lines that apply become plain ones."""
		return replace(self, console_when=[], console=self.console + [
			pattern for option, wanted, pattern in self.console_when
			if (option in enabled) == wanted])


def check_detector(name: str) -> str:
	if name not in DETECTORS:
		raise ValueError(f"unknown detector '{name}' (known: {', '.join(DETECTORS)})")
	return name


def parse_report(words: List[str]) -> ReportSpec:
	if not words:
		raise ValueError('report needs a detector')
	options = {}
	for word in words[1:]:
		key, equals, value = word.partition('=')
		if not equals or key not in REPORT_OPTIONS or not value:
			raise ValueError(f"'{word}' is not one of {'=..., '.join(REPORT_OPTIONS)}=...")
		if key in options:
			raise ValueError(f'{key} given twice')
		options[key] = value
	classes = options.get('classes')
	return ReportSpec(
		detector=check_detector(words[0]),
		title=options.get('title'),
		classes=frozenset(classes.split(',')) if classes else None,
		after=check_detector(options['after']) if 'after' in options else None)


def parse_disk(args: List[str]) -> DiskSpec:
	if len(args) < 2:
		raise ValueError('disk takes a file system, a size in MiB and '
				 'options of its mkfs')
	filesystem, size = args[:2]
	if filesystem not in MKFS:
		raise ValueError(f"unknown file system '{filesystem}' "
				 f"(known: {', '.join(MKFS)})")
	if not size.isdigit() or int(size) == 0:
		raise ValueError(f"'{size}' is not a size in MiB")
	return DiskSpec(filesystem, int(size), tuple(args[2:]))


def parse_console(expectation: Expectation, args: List[str]) -> None:
	if len(args) not in (1, 3) or len(args) == 3 and (
			args[1] not in ('if', 'unless') or
			not NEEDED_OPTION.match(args[2])):
		raise ValueError('console takes one regular expression (quote it), '
				 'then optionally if or unless and one CONFIG_ option')
	try:
		pattern = re.compile(args[0])
	except re.error as error:
		raise ValueError(f'bad regular expression: {error}') from error
	if len(args) == 1:
		expectation.console.append(pattern)
	else:
		expectation.console_when.append((args[2], args[1] == 'if', pattern))


def parse_edge(words: List[str], present: bool) -> EdgeSpec:
	if len(words) != 3 or words[1] != '->':
		raise ValueError(f"{'' if present else 'no '}edge takes "
				 'CLASS -> CLASS')
	return EdgeSpec(words[0], words[2], present)


def parse_statement(expectation: Expectation, words: List[str]) -> None:
	keyword, args = words[0], words[1:]
	if keyword == 'timeout':
		if len(args) != 1 or not args[0].isdigit() or int(args[0]) == 0:
			raise ValueError('timeout takes one number of seconds')
		expectation.timeout = int(args[0])
	elif keyword == 'console':
		parse_console(expectation, args)
	elif keyword == 'cmdline':
		if not args:
			raise ValueError('cmdline takes one or more kernel parameters')
		expectation.cmdline += args
	elif keyword == 'disk':
		expectation.disks.append(parse_disk(args))
	elif keyword == 'needs':
		if not args or not all(NEEDED_OPTION.match(arg) for arg in args):
			raise ValueError('needs takes one or more CONFIG_ options')
		expectation.needs += args
	elif keyword == 'reports':
		if args != ['none']:
			raise ValueError("'reports' must be followed by 'none'")
		expectation.no_reports = True
	elif keyword == 'report':
		expectation.reports.append(parse_report(args))
	elif keyword == 'maybe' and args[:1] == ['report']:
		expectation.reports.append(
			replace(parse_report(args[1:]), optional=True))
	elif keyword == 'edge':
		expectation.edges.append(parse_edge(args, True))
	elif keyword == 'no' and args[:1] == ['edge']:
		expectation.edges.append(parse_edge(args[1:], False))
	elif keyword == 'long':
		if args:
			raise ValueError('long takes no arguments')
		expectation.long = True
	elif keyword == 'only-for':
		if not args or not all(USE.match(arg) for arg in args):
			raise ValueError('only-for takes the names of one or more '
					 'uses (bench, gdb)')
		expectation.only_for += tuple(args)
	else:
		raise ValueError(f"unknown statement '{keyword}'")


def parse(text: str, path: str) -> Expectation:
	expectation = Expectation()
	for number, line in enumerate(text.splitlines(), start=1):
		try:
			words = shlex.split(line, comments=True)
			if words:
				parse_statement(expectation, words)
		except ValueError as error:
			raise ExpectationError(f'{path}:{number}: {error}') from error
	if expectation.no_reports == any(not spec.optional
					 for spec in expectation.reports):
		raise ExpectationError(
			f"{path}: say either 'reports none' or at least one 'report'")
	if expectation.no_reports and expectation.reports:
		raise ExpectationError(
			f"{path}: 'reports none' and 'maybe report' contradict")
	return expectation
