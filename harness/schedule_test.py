#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of running jobs a few at a time (schedule.py), with fake jobs
that wait for the test to let them finish: nothing is built or booted.

Run: python3 -m unittest harness.schedule_test
"""

import threading
import unittest
from typing import List

from harness import schedule

WAIT = 10  # seconds: a test that would hang fails instead


class GatedJobs:
	"""Jobs that say when they start and finish only when the test opens
	their gate; each returns its own index doubled."""

	def __init__(self, count: int):
		self.lock = threading.Lock()
		self.started: List[int] = []
		self.running = 0
		self.most_running = 0
		self.changed = threading.Condition(self.lock)
		self.gates = [threading.Event() for _ in range(count)]
		self.jobs = [lambda index=index: self.job(index) for index in range(count)]

	def job(self, index: int) -> int:
		with self.lock:
			self.started.append(index)
			self.running += 1
			self.most_running = max(self.most_running, self.running)
			self.changed.notify_all()
		if not self.gates[index].wait(WAIT):
			raise AssertionError(f'job {index} was never let finish')
		with self.lock:
			self.running -= 1
		return 2 * index

	def wait_started(self, count: int) -> List[int]:
		with self.lock:
			if not self.changed.wait_for(lambda: len(self.started) >= count,
						     WAIT):
				raise AssertionError(f'{count} jobs never started')
			return list(self.started)


class Run:
	"""run_in_order() in a thread of its own; done() calls are recorded."""

	def __init__(self, jobs: GatedJobs, costs: List[float], workers: int):
		self.results = []
		self.error = None
		self.handed = threading.Condition()
		self.thread = threading.Thread(target=self.run, args=(
			jobs.jobs, costs, workers))
		self.thread.start()

	def run(self, jobs, costs, workers) -> None:
		try:
			schedule.run_in_order(jobs, costs, workers, self.done)
		except Exception as error:  # pylint: disable=broad-except
			self.error = error

	def done(self, index: int, result: int) -> None:
		with self.handed:
			self.results.append((index, result))
			self.handed.notify_all()

	def wait_results(self, count: int) -> list:
		with self.handed:
			if not self.handed.wait_for(lambda: len(self.results) >= count,
						    WAIT):
				raise AssertionError(f'{count} results never handed back')
			return list(self.results)

	def join(self) -> None:
		self.thread.join(WAIT)
		if self.thread.is_alive():
			raise AssertionError('run_in_order() never returned')


class StartOrderTest(unittest.TestCase):
	def test_one_worker_keeps_the_order(self):
		self.assertEqual(schedule.start_order([60, 300, 120], 1), [0, 1, 2])

	def test_costliest_first_ties_in_order(self):
		self.assertEqual(schedule.start_order([60, 300, 120, 300, 60], 2),
				 [1, 3, 2, 0, 4])


class RunInOrderTest(unittest.TestCase):
	def test_results_in_order_of_the_jobs(self):
		jobs = GatedJobs(4)
		run = Run(jobs, [0, 0, 0, 0], 4)
		jobs.wait_started(4)
		for index in (3, 1, 2):
			jobs.gates[index].set()
		jobs.gates[0].set()
		run.join()
		self.assertIsNone(run.error)
		self.assertEqual(run.results, [(0, 0), (1, 2), (2, 4), (3, 6)])

	def test_at_most_workers_at_once(self):
		jobs = GatedJobs(5)
		run = Run(jobs, [0] * 5, 2)
		self.assertEqual(len(jobs.wait_started(2)), 2)
		for gate in jobs.gates:
			gate.set()
		run.join()
		self.assertEqual(jobs.most_running, 2)
		self.assertEqual(len(run.results), 5)

	def test_longest_first_when_slots_free_up(self):
		jobs = GatedJobs(4)
		run = Run(jobs, [10, 50, 30, 40], 2)
		self.assertEqual(sorted(jobs.wait_started(2)), [1, 3])
		jobs.gates[3].set()
		self.assertEqual(jobs.wait_started(3)[2], 2)
		jobs.gates[1].set()
		self.assertEqual(jobs.wait_started(4)[3], 0)
		for gate in jobs.gates:
			gate.set()
		run.join()
		self.assertEqual([index for index, _ in run.results], [0, 1, 2, 3])

	def test_result_handed_back_before_later_jobs_finish(self):
		jobs = GatedJobs(3)
		run = Run(jobs, [0, 0, 0], 3)
		jobs.wait_started(3)
		jobs.gates[0].set()
		self.assertEqual(run.wait_results(1), [(0, 0)])
		jobs.gates[2].set()
		jobs.gates[1].set()
		run.join()
		self.assertEqual(len(run.results), 3)

	def test_a_later_result_waits_for_earlier_jobs(self):
		jobs = GatedJobs(2)
		run = Run(jobs, [0, 0], 2)
		jobs.wait_started(2)
		jobs.gates[1].set()
		with run.handed:
			self.assertFalse(run.handed.wait_for(lambda: run.results, 0.2))
		jobs.gates[0].set()
		run.join()
		self.assertEqual(run.results, [(0, 0), (1, 2)])

	def test_an_exception_is_raised_at_its_turn(self):
		def fails():
			raise ValueError('job 1 failed')
		handed = []
		with self.assertRaisesRegex(ValueError, 'job 1 failed'):
			schedule.run_in_order([lambda: 'a', fails, lambda: 'c'],
					      [0, 0, 0], 2,
					      lambda index, result: handed.append(result))
		self.assertEqual(handed, ['a'])

	def test_an_exception_does_not_wait_for_running_jobs(self):
		jobs = GatedJobs(2)

		def fails():
			jobs.wait_started(1)
			raise ValueError('job 0 failed')
		with self.assertRaisesRegex(ValueError, 'job 0 failed'):
			schedule.run_in_order([fails, jobs.jobs[1]], [0, 0], 2,
					      lambda index, result: None)
		self.assertEqual(jobs.running, 1)
		jobs.gates[1].set()


if __name__ == '__main__':
	unittest.main()
