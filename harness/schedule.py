# SPDX-License-Identifier: GPL-2.0
"""Running jobs a few at a time and handing their results back in order.

The scenario runner prepares and boots up to N guests at once (--jobs N).
Its output must not depend on N: each result is handed back in the order of
the jobs, as soon as that job and every earlier one have finished.  With
more than one worker, the jobs that may run longest (a scenario's timeout)
start first, so that the short ones run beside them instead of after them.
"""

from concurrent.futures import ThreadPoolExecutor
from typing import Callable, List, Sequence, TypeVar

Result = TypeVar('Result')


def start_order(costs: Sequence[float], workers: int) -> List[int]:
	"""The indexes of the jobs in the order they start: their own order
	for one worker (nothing runs beside a long job), else the costliest
	first, jobs of equal cost in their own order."""
	if workers <= 1:
		return list(range(len(costs)))
	return sorted(range(len(costs)), key=lambda index: -costs[index])


def run_in_order(jobs: Sequence[Callable[[], Result]], costs: Sequence[float],
		 workers: int, done: Callable[[int, Result], None]) -> None:
	"""Run the jobs, at most workers at a time, started in start_order();
	call done(index, result) for each in the order of the jobs, as soon as
	it and every earlier job have finished.  A job's exception (or an
	interrupt) is raised at once, without waiting for the jobs still
	running; those not started by then never start."""
	pool = ThreadPoolExecutor(max_workers=max(workers, 1))
	try:
		# The pool takes submitted jobs first in, first out.
		futures = {index: pool.submit(jobs[index])
			   for index in start_order(costs, workers)}
		for index in range(len(jobs)):
			done(index, futures[index].result())
	finally:
		pool.shutdown(wait=False, cancel_futures=True)
