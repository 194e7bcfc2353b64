# SPDX-License-Identifier: GPL-2.0
"""The cost of DEPT on real work: the soak's kernel (make soak) booted from
its Debian root disk by harness/soak.py with a few of stress-ng's stressors,
in three columns (DEPT on; the same kernel with dept=off; the floor, the
same configuration without DEPT and lockdep), the columns' boots
interleaved run after run.  Per stressor its bogo-ops per second, and per
boot the seconds from the kernel's start to the workload's (on x86_64
systemd's multi-user.target comes first).  Each boot's results.json is
kept as COLUMN/results-N.json."""

import json
import os
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from bench import figures
from bench.guest import boot_and_keep, interleave, tail

GROUP = 'workload'
COLUMNS = ('on', 'off', 'floor')
BOOT_FIGURE = 'boot_to_workload'


@dataclass
class Run:
	"""What one boot measured: bogo-ops/s per step, the workload's start."""
	bogo_ops: Dict[str, Optional[float]]
	began_after_s: Optional[float]


@dataclass
class Column:
	name: str	# on, off, floor
	build: str	# shell command building its kernel and root file system
	boot: str	# shell command: harness/soak.py, one boot
	work: str	# the soak's --work directory
	runs: List[Run] = field(default_factory=list)
	failed: str = ''  # why the column has no figures
	notes: List[str] = field(default_factory=list)


def read_run(path: str) -> Run:
	"""One boot of a soak's results.json (harness/soak.py): its stressors'
	bogo-ops/s (None where a stressor printed none)."""
	with open(path, encoding='utf-8') as file:
		boot = json.load(file)['boots'][0]
	return Run({step['step']: step['bogo_ops_per_s'] for step in boot['steps']
		    if step['step'].startswith('stress-ng/') and
		    step['step'] != 'stress-ng/classes'},
		   boot.get('workload_began_after_s'))


def boot_soak(column: Column, run: int) -> None:
	kept = os.path.join(column.work, f'results-{run}.json')
	booted, wrote = boot_and_keep(column.boot, os.path.join(
		column.work, 'results.json'), kept)
	if not wrote:
		column.failed = (f'boot {run} failed: '
				 f'{tail(booted.stderr + booted.stdout, 6)}')
		return
	if booted.returncode != 0:
		column.notes.append(f'boot {run} failed a step ({kept})')
	column.runs.append(read_run(kept))


def boot_all(columns: List[Column], runs: int, log) -> None:
	interleave(columns, runs, log, 'workload ', boot_soak)


def workload_figures(target: str, columns: List[Column]) -> List[figures.Figure]:
	"""Per stressor and the boot, a figure per column over its runs."""
	steps: Dict[str, None] = {}
	for column in columns:
		for run in column.runs:
			steps.update(dict.fromkeys(run.bogo_ops))
	by_name = {c.name: c for c in columns}
	result = []
	for name in COLUMNS:
		column = by_name.get(name)
		for step in list(steps) + [BOOT_FIGURE]:
			unit = 's' if step == BOOT_FIGURE else 'bogo-ops/s'
			if column is None or not column.runs:
				result.append(figures.missing(
					GROUP, step, target, name, unit,
					column.failed if column else 'not run'))
				continue
			samples = [run.began_after_s if step == BOOT_FIGURE
				   else run.bogo_ops.get(step) for run in column.runs]
			result.append(figures.sampled(
				GROUP, step, target, name, unit, samples,
				'the workload\'s start' if step == BOOT_FIGURE
				else 'its bogo-ops/s'))
			if column.notes:
				result[-1].note = '; '.join(column.notes)
	return result
