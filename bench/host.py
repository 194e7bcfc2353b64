# SPDX-License-Identifier: GPL-2.0
"""The host figures: bench/host/dept_host_bench.c under callgrind, each
figure's instructions per operation, all of them, the engine's own and its
stack traces' (bench/callgrind.py)."""

import glob
import os
import re
import subprocess
from typing import Dict, List

from bench import callgrind, figures

FIGURE_LINE = re.compile(r'^FIGURE (\S+) (\d+)$')
VALGRIND = ['valgrind', '--tool=callgrind', '--collect-atstart=no',
	    '--toggle-collect=bench_measure', '--compress-strings=no',
	    '--compress-pos=no']
COLUMNS = ('total', 'engine', 'stacktrace')


def operations(stdout: str) -> Dict[str, int]:
	"""What the program printed: figure name -> operations counted."""
	found = {}
	for line in stdout.splitlines():
		match = FIGURE_LINE.match(line)
		if match:
			found[match.group(1)] = int(match.group(2))
	return found


def host_figures(ops: Dict[str, int],
		 dumps: List[callgrind.Dump]) -> List[figures.Figure]:
	result = []
	for dump in dumps:
		n = ops.get(dump.name)
		for column in COLUMNS:
			if not n:
				result.append(figures.missing(
					'host', dump.name, 'host', column, 'Ir/op',
					'the program did not say how many operations'))
				continue
			result.append(figures.measured(
				'host', dump.name, 'host', column, 'Ir/op',
				[getattr(dump, column) / n]))
	return result


def run(binary: str, out: str) -> List[figures.Figure]:
	"""Run @binary under callgrind with its dumps in @out."""
	os.makedirs(out, exist_ok=True)
	for old in glob.glob(os.path.join(out, 'callgrind.out.*')):
		os.remove(old)
	prog = subprocess.run(VALGRIND + [
		f'--callgrind-out-file={out}/callgrind.out.%p',
		os.path.abspath(binary)], capture_output=True, text=True,
		check=False)
	if prog.returncode != 0:
		return [figures.missing('host', 'all', 'host', 'total', 'Ir/op',
					f'{binary} under callgrind exited with '
					f'{prog.returncode}')]
	paths = glob.glob(os.path.join(out, 'callgrind.out.*.*'))
	dumps = [callgrind.read(p) for p in
		 sorted(paths, key=lambda p: int(p.rsplit('.', 1)[1]))]
	return host_figures(operations(prog.stdout), [d for d in dumps if d])
