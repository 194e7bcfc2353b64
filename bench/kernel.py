# SPDX-License-Identifier: GPL-2.0
"""The in-kernel figures of one target: per operation of the benchmark
module and the boot time to /init, in each column that was asked for
(DEPT on, DEPT off, floor, lockdep alone, DEPT alone), over that
column's boots."""

from typing import Dict, List

from bench import figures
from bench.console import BenchBoot

# the module's operations, in its order (scenarios/dept-bench)
OPERATIONS = ('spin_pair', 'mutex_pair', 'rwsem_read_pair', 'nested_pair',
	      'completion_trip', 'waitqueue_trip', 'folio_pair')
COLUMNS = ('on', 'off', 'floor', 'lockdep', 'alone')


def kernel_figures(target: str, columns: Dict[str, List[BenchBoot]],
		   not_run: Dict[str, str],
		   notes: Dict[str, List[str]] = None) -> List[figures.Figure]:
	"""@columns: the boots of each column that ran; @not_run: why a
	column has no boots; @notes: what to say about a column's figures."""
	result = []
	for column in (c for c in COLUMNS if c in columns or c in not_run):
		boots = columns.get(column, [])
		for name in OPERATIONS + ('boot_to_init',):
			unit = 'ms' if name == 'boot_to_init' else 'ns/op'
			if not boots:
				result.append(figures.missing(
					'kernel', name, target, column, unit,
					not_run.get(column, 'not run')))
			elif name == 'boot_to_init':
				result.append(figures.sampled(
					'kernel', name, target, column, unit,
					[None if b.init_s is None else b.init_s * 1000
					 for b in boots], "'Run /init as init process'"))
			else:
				result.append(figures.sampled(
					'kernel', name, target, column, unit,
					[b.ns_per_op.get(name) for b in boots],
					f'its {name} line'))
	for figure in result:
		if (notes or {}).get(figure.column):
			figure.note = '; '.join(notes[figure.column])
	return result
