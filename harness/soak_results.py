# SPDX-License-Identifier: GPL-2.0
"""The soak's results as a Markdown document: per target, each boot's
steps (passed, failed, skipped), how long it took to reach the workload,
the steps that failed without a report, the distinct reports, and what DEPT costs stress-ng's stressors (bogo-ops/s
with DEPT on against dept=off, where both boots ran).

usage: python3 -m harness.soak_results RESULTS.json... > soak.md
       python3 -m harness.soak_results --append DOC.md RESULTS.json...

With --append, the runs' sections are added to the end of DOC.md, a
history of soaks with what was learned from them written below each
section; the heading is written only if DOC.md does not exist yet.
"""

import json
import os
import statistics
import sys
from typing import Dict, List

from harness import soak_console


def boot_line(boot: dict) -> str:
	steps = boot['steps']
	failed = [s for s in steps if not s['ok']]
	skipped = [s for s in steps if s.get('skipped')]
	began = boot.get('workload_began_after_s')
	return (f"| {boot['boot']} | {boot['minutes']} | "
		f"{'-' if began is None else f'{began:.0f} s'} | "
		f"{len(steps) - len(failed) - len(skipped)} | {len(failed)} | "
		f"{len(skipped)} | "
		f"{'-' if boot['seconds'] is None else str(boot['seconds']) + ' s'} |")


def reports(boot: dict) -> Dict[tuple, List[str]]:
	"""Distinct reports: (detector, title but for its numbers, classes) ->
	the steps."""
	seen: Dict[tuple, List[str]] = {}
	for step in boot['steps']:
		for report in step['reports']:
			key = (report['detector'],
			       soak_console.TITLE_NUMBER.sub('N', report['title']),
			       ', '.join(report['classes']))
			seen.setdefault(key, []).append(step['step'])
	return seen


def cost(boots: Dict[str, dict]) -> List[str]:
	"""Per stressor, bogo-ops/s with dept=off over DEPT on."""
	if 'dept-on' not in boots or 'dept-off' not in boots:
		return []
	off = {s['step']: s['bogo_ops_per_s'] for s in boots['dept-off']['steps']}
	ratios = []
	for step in boots['dept-on']['steps']:
		on, other = step['bogo_ops_per_s'], off.get(step['step'])
		if on and other:
			ratios.append((other / on, step['step']))
	if not ratios:
		return []
	ratios.sort(reverse=True)
	values = [r for r, _ in ratios]
	lines = [f'Over {len(ratios)} stressors that ran in both boots, '
		 'bogo-ops/s with `dept=off` divided by bogo-ops/s with DEPT on: '
		 f'median {statistics.median(values):.2f}, from '
		 f'{min(values):.2f} to {max(values):.2f}. One run each, '
		 'not interleaved, a few seconds per stressor: a first look, '
		 'not a benchmark. The five dearest:', '']
	lines += [f'- `{name}`: {ratio:.1f}x' for ratio, name in ratios[:5]]
	return lines + ['']


HEADING = ['# What the soak saw', '',
	   'A history of soaks. Each section is what one run of `make soak` '
	   'ran and saw, rendered by `python3 -m harness.soak_results` from '
	   'its `results.json` (`make soak-report` adds the latest run of '
	   'each target; see the README, "Real workloads"); the paragraphs '
	   'after a section say what was learned from it.', '']


def render(results: List[dict], heading: bool = True) -> str:
	out = list(HEADING) if heading else []
	for result in results:
		boots = {b['mode']: b for b in result['boots']}
		out += [f"## {result['target']}, {result.get('date', 'undated')}", '',
			'| boot | minutes of work | workload began after | passed | failed | skipped | wall time |',
			'|---|---|---|---|---|---|---|']
		out += [boot_line(b) for b in result['boots']]
		out.append('')
		if result.get('steps'):
			patterns = result['steps'].split(',')
			out += [f'Only the {len(patterns)} steps (or patterns) given in '
				'`SOAK_STEPS`: ' + ', '.join(f'`{p}`' for p in patterns[:8])
				+ (', ...' if len(patterns) > 8 else ''), '']
		for boot in result['boots']:
			failed = [s for s in boot['steps']
				  if not s['ok'] and not s['reports']]
			if failed:
				out += [f"{boot['boot']}: steps failed without a "
					'kernel report:', '']
				out += [f"- {s['step']}: "
					+ ('never ended' if s['status'] is None
					   else f"status {s['status']}")
					+ (f": {s['says'][0]}" if s.get('says') else '')
					for s in failed]
				out.append('')
			seen = reports(boot)
			if not seen:
				out += [f"{boot['boot']}: no kernel report.", '']
				continue
			out += [f"{boot['boot']}: {len(seen)} distinct reports:", '']
			for (detector, title, classes), steps in seen.items():
				out.append(f'- {detector} "{title}"'
					   + (f' ({classes})' if classes else '')
					   + f": {', '.join(sorted(set(steps)))}")
			out.append('')
		out += cost(boots)
	return '\n'.join(out)


def main(argv: List[str]) -> int:
	document = None
	if argv[:1] == ['--append']:
		if len(argv) < 2:
			print(__doc__, file=sys.stderr)
			return 2
		document, argv = argv[1], argv[2:]
	results = []
	for path in argv:
		with open(path, encoding='utf-8') as file:
			results.append(json.load(file))
	if document is None:
		print(render(results))
		return 0
	old = ''
	if os.path.exists(document):
		with open(document, encoding='utf-8') as file:
			old = file.read()
	with open(document, 'a', encoding='utf-8') as file:
		if old and not old.endswith('\n\n'):
			file.write('\n' if old.endswith('\n') else '\n\n')
		file.write(render(results, heading=not old) + '\n')
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
