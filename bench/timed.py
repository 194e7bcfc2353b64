# SPDX-License-Identifier: GPL-2.0
"""The harness's own times: a shell command timed by the wall clock.  A
run counts when the command printed a suite's final line 'N passed, N
failed' (', N skipped' when some were), whatever the counts (the time to
the verdict is the figure, not the verdict), or, printing none, when it
succeeded (a build).

A figure of a loop (an edit of the engine, the kernel rebuilt, the suite
run again) is measured warm: its command runs once unmeasured first, as
the loop ran before a developer's next edit.  Cold, the first run also
rebuilds every scenario's modules whose folders were built against
another kernel (make run skips a module kbuild would find up to date), a
cost the loop does not pay.  The warm-up is held to the same rule as a
run: one that fails so is the figure's reason for missing."""

import re
import subprocess
import time
from typing import List

from bench import figures

FINAL_LINE = re.compile(r'^\d+ passed, \d+ failed(, \d+ skipped)?$')


def timed(name: str, target: str, command: str, runs: int,
	  log, warm_up: bool = False) -> figures.Figure:
	samples: List[float] = []
	for run in range(0 if warm_up else 1, runs + 1):
		log(f'bench: {name} on {target}, '
		    + (f'run {run} of {runs}' if run else 'warm-up run'))
		start = time.monotonic()
		done = subprocess.run(command, shell=True, capture_output=True,
				      text=True, check=False)
		took = time.monotonic() - start
		lines = done.stdout.strip().splitlines()
		if done.returncode and not (lines and FINAL_LINE.match(lines[-1])):
			return figures.missing(
				'harness', name, target, 'wall', 's',
				f'it failed (exit {done.returncode}) without the final '
				f'line "N passed, N failed"; its last line: '
				f'{lines[-1] if lines else None!r}')
		if run:
			samples.append(took)
	return figures.measured('harness', name, target, 'wall', 's', samples)
