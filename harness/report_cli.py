# SPDX-License-Identifier: GPL-2.0
"""dept-report: the reports of a console log, for people and programs.

usage: python3 -m harness.report_cli CONSOLE [--vmlinux FILE]
		[--modules DIR]... [--tree DIR] [--cross-compile PREFIX]
		[--out DIR] [--json]

Reads a console log (a scenario's console.log, a soak's console, any
kernel's dmesg), finds every kernel report on it (harness/console.py), and
for each DEPT report writes, in --out (default: beside the console),
report-N.json (harness/dept_report.py; schema: dept-report.schema.json),
report-N.dot, report-N.svg and report-N.png (its cycle, Graphviz), and
prints its summary: the cycle in one line per context, and the code to
look at first.  Frames are decoded to file:line by the tree's
scripts/faddr2line (--tree, default build/linux) on --vmlinux for the
kernel's frames and on the .ko files under each --modules directory for
a module's; without them a frame stays symbol+offset.  --json prints every
report as a JSON list instead (other detectors' with their title and
classes only).  Exit status 0, or 1 if a DEPT report could not be read,
2 if the console cannot be.
"""

import argparse
import json
import os
import sys
import tempfile
from typing import List, Tuple

from harness import console, dept_decode, dept_picture, dept_report


def other_json(report: console.Report) -> dict:
	return {'version': dept_report.JSON_VERSION, 'detector': report.detector,
		'title': report.title, 'classes': sorted(report.classes),
		'console_line': report.line + 1}


def write(path: str, text: str) -> None:
	with open(path, 'w', encoding='utf-8') as file:
		file.write(text)


def write_reports(reports: List[console.Report], out: str,
		  objects: dept_decode.Objects, tree: str,
		  cross_compile: str = '') -> Tuple[List[str], List[dict], int]:
	"""Decode each DEPT report of @reports, write its files in @out;
	(what to print, the JSON of every report, exit status)."""
	printed: List[str] = []
	records = []
	status = 0
	number = 0
	for report in reports:
		if report.detector != 'dept':
			records.append(other_json(report))
			continue
		try:
			decoded = dept_report.parse(report)
		except dept_report.ReportError as error:
			printed.append(f'dept-report: {error}')
			status = 1
			continue
		problems = dept_decode.decode(decoded.frames(), objects, tree,
					      cross_compile)
		records.append(decoded.as_json())
		number += 1
		os.makedirs(out, exist_ok=True)
		base = os.path.join(out, f'report-{number}')
		write(base + '.json', json.dumps(decoded.as_json(), indent=1) + '\n')
		dot = dept_picture.to_dot(decoded)
		write(base + '.dot', dot)
		printed += dept_picture.summary(decoded)
		printed += [f'  (decoding: {problem})' for problem in problems]
		for fmt in ('svg', 'png'):
			failed = dept_picture.render(dot, f'{base}.{fmt}', fmt)
			if failed:
				printed.append(f'  ({fmt}: {failed})')
		printed.append(f'  {base}.json, {base}.svg, {base}.png')
	return printed, records, status


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(prog='dept-report', description=__doc__,
					 formatter_class=argparse.RawDescriptionHelpFormatter)
	parser.add_argument('console')
	parser.add_argument('--vmlinux')
	parser.add_argument('--modules', action='append', default=[])
	parser.add_argument('--tree', default='build/linux')
	parser.add_argument('--cross-compile', default='')
	parser.add_argument('--out')
	parser.add_argument('--json', action='store_true')
	args = parser.parse_args(argv)
	try:
		with open(args.console, encoding='utf-8', errors='replace') as file:
			parsed = console.parse(file.read(), '')
	except OSError as error:
		print(f'dept-report: {args.console}: {error.strerror}', file=sys.stderr)
		return 2
	out = args.out or os.path.dirname(os.path.abspath(args.console))
	objects = dept_decode.Objects(args.vmlinux, args.modules)
	if args.json:
		with tempfile.TemporaryDirectory() as scratch:
			_, records, status = write_reports(parsed.reports, scratch,
							   objects, args.tree,
							   args.cross_compile)
		print(json.dumps(records, indent=1))
		return status
	printed, records, status = write_reports(
		parsed.reports, out, objects, args.tree, args.cross_compile)
	print('\n'.join(printed))
	if not any(r['detector'] == 'dept' for r in records):
		print('dept-report: no DEPT report on ' + args.console)
	return status


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
