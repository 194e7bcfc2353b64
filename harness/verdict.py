# SPDX-License-Identifier: GPL-2.0
"""Judge one boot's console against a scenario's expectation."""

from typing import List, Optional, Tuple

from harness.console import Console, Report
from harness.expectation import EdgeSpec, Expectation, ReportSpec

QUOTED_LINES = 12  # of an unexpected report or of the end of a console


def quote(lines: List[str], limit: int = QUOTED_LINES) -> List[str]:
	shown = ['  | ' + line for line in lines[:limit]]
	if len(lines) > limit:
		shown.append(f'  | ... ({len(lines) - limit} more lines)')
	return shown


def satisfies(report: Report, spec: ReportSpec, reports: List[Report]) -> bool:
	if report.detector != spec.detector:
		return False
	if spec.title and spec.title not in report.title:
		return False
	if spec.classes is not None and report.classes != spec.classes:
		return False
	if spec.after and not any(other.detector == spec.after and
				  other.line < report.line for other in reports):
		return False
	return True


def specificity(spec: ReportSpec) -> Tuple[bool, bool, bool, bool]:
	"""Sort key: the specs a report must meet pick theirs before those
	it may, and the most constrained ones first."""
	return (spec.optional, spec.classes is None, spec.title is None,
		spec.after is None)


def match_reports(specs: List[ReportSpec], reports: List[Report]):
	"""Pair specs with reports one to one: (missing specs, unexpected
	reports); a 'maybe report' spec is never missing."""
	unmatched = list(reports)
	missing = []
	for spec in sorted(specs, key=specificity):
		report: Optional[Report] = next(
			(r for r in unmatched if satisfies(r, spec, reports)), None)
		if report is not None:
			unmatched.remove(report)
		elif not spec.optional:
			missing.append(spec)
	return missing, unmatched


def judge_progress(console: Console) -> List[str]:
	if not console.started:
		return ['the guest never started the scenario; the console ends with:',
			*quote(console.lines[-QUOTED_LINES:])]
	if console.exit_status is None:
		return ['the guest did not finish the scenario; the console ends with:',
			*quote(console.lines[-QUOTED_LINES:])]
	if console.exit_status != 0:
		return [f'the scenario in the guest exited with status {console.exit_status}']
	return []


def console_matches(expectation: Expectation, console: Console) -> List[str]:
	"""The first console line that each 'console' statement matches,
	for the scenario's diagnostics: what the guest printed of interest."""
	found = []
	for pattern in expectation.console:
		line = next((l for l in console.lines if pattern.search(l)), None)
		if line is not None:
			found.append(line)
	return found


def same_class(written: str, dumped: str) -> bool:
	"""Whether the class of an 'edge' statement, 'name' of any subclass
	or 'name:subclass', is the class @dumped ('name:subclass')."""
	return written == dumped or written == dumped.rpartition(':')[0]


def judge_edges(specs: List[EdgeSpec], console: Console) -> List[str]:
	if not specs:
		return []
	if console.edges is None:
		return ["no dump of DEPT's graph (dept-edges) on the console"]
	problems = []
	for spec in specs:
		found = [f'{a} -> {b}' for a, b in console.edges
			 if same_class(spec.source, a) and same_class(spec.target, b)]
		if spec.present and not found:
			problems.append(f'expected {spec.describe()}, not in the graph '
					f'({len(console.edges)} dependencies)')
		elif not spec.present and found:
			problems.append(f'unexpected DEPT dependency {found[0]}')
	return problems


def judge(expectation: Expectation, console: Console) -> List[str]:
	"""Everything wrong with this boot, as diagnostic lines; [] if it passed."""
	problems = judge_progress(console)
	for pattern in expectation.console:
		if not any(pattern.search(line) for line in console.lines):
			problems.append(f'no console line matches /{pattern.pattern}/')
	missing, unexpected = match_reports(expectation.reports, console.reports)
	for spec in missing:
		problems.append(f'expected {spec.describe()}, not found')
		problems += [f'  seen: {r.describe()}' for r in console.reports
			     if r.detector == spec.detector]
	for report in unexpected:
		problems.append(f'unexpected {report.describe()}:')
		problems += quote(report.lines)
	return problems + judge_edges(expectation.edges, console)
