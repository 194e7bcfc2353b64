# SPDX-License-Identifier: GPL-2.0
"""Unit tests of bench/, over recorded consoles and callgrind dumps
(bench/test_data).  Run: make bench-unit."""

import contextlib
import io
import json
import os
import socket
import tempfile
import sys
import threading
import time
import unittest
import unittest.mock
from typing import Dict

from bench import callgrind, chart, compare, console, document, figures
from bench import guest, host
from bench import kernel
from bench import gdbstub, memory, profile, results, table, timed, workload
from bench import __main__ as bench_main

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'test_data')


def data(name: str) -> str:
	return os.path.join(DATA, name)


class ConsoleTest(unittest.TestCase):
	def test_on(self):
		boot = console.read(data('console-on.log'))
		self.assertTrue(boot.done)
		self.assertEqual(list(boot.ns_per_op), list(kernel.OPERATIONS))
		self.assertEqual(boot.ns_per_op['spin_pair'], 2190.584)
		self.assertEqual(boot.init_s, 0.18)
		self.assertEqual(boot.dept_task_bytes, 2720)
		self.assertEqual(set(boot.pools), {'boot', 'bench'})
		self.assertEqual(boot.pools['boot']['dep'],
				 console.Pool(objsize=112, total=8192, used=738, grown=0))
		self.assertEqual(boot.pools['bench']['wait'].used, 1313)

	def test_off_has_no_dept(self):
		boot = console.read(data('console-off.log'))
		self.assertTrue(boot.done)
		self.assertEqual(boot.pools, {})
		self.assertIsNone(boot.dept_task_bytes)
		self.assertEqual(list(boot.ns_per_op), list(kernel.OPERATIONS))

	def test_cut_short(self):
		with open(data('console-on.log'), encoding='utf-8') as file:
			lines = file.read().splitlines()
		cut = [l for l in lines if 'folio_pair' not in l and 'done' not in l]
		boot = console.parse(cut)
		self.assertFalse(boot.done)
		self.assertNotIn('folio_pair', boot.ns_per_op)


class FiguresTest(unittest.TestCase):
	def test_median_min_max(self):
		f = figures.measured('kernel', 'x', 'um', 'on', 'ns/op',
				     [5.0, 1.0, 3.0, 9.0, 4.0])
		self.assertEqual((f.median, f.min, f.max, f.runs), (4.0, 1.0, 9.0, 5))

	def test_a_run_without_the_value_makes_it_missing(self):
		f = figures.sampled('kernel', 'x', 'um', 'on', 'ns/op',
				    [1.0, None, 2.0], 'its x line')
		self.assertIsNone(f.median)
		self.assertEqual(f.missing, '1 of 3 runs did not print its x line')


class KernelTest(unittest.TestCase):
	def test_columns(self):
		on = console.read(data('console-on.log'))
		off = console.read(data('console-off.log'))
		found = kernel.kernel_figures('um', {'on': [on, on], 'off': [off]},
					      {'floor': 'its kernel did not build'})
		by_key = {(f.name, f.column): f for f in found}
		self.assertEqual(by_key[('mutex_pair', 'on')].median, 3935.148)
		self.assertEqual(by_key[('boot_to_init', 'on')].median, 180.0)
		self.assertEqual(by_key[('boot_to_init', 'on')].unit, 'ms')
		self.assertEqual(by_key[('spin_pair', 'floor')].missing,
				 'its kernel did not build')
		self.assertEqual(len(found), 3 * (len(kernel.OPERATIONS) + 1))

	def test_notes(self):
		on = console.read(data('console-on.log'))
		found = kernel.kernel_figures('um', {'on': [on]}, {},
					      {'on': ['boot 2 had a report']})
		self.assertEqual({f.note for f in found if f.column == 'on'},
				 {'boot 2 had a report'})
		lines = table.render(found)
		self.assertIn('  note, on: boot 2 had a report', lines)


class GuestTest(unittest.TestCase):
	"""Columns booted by commands that copy a recorded console where the
	runner puts it, and print its KTAP."""

	def column(self, work: str, console_file: str, ktap: str,
		   status: int) -> guest.Column:
		boot = (f'mkdir -p {work}/{guest.SCENARIO} && '
			f'cp {data(console_file)} {work}/{guest.SCENARIO}/console.log && '
			f"printf '{ktap}' && exit {status}")
		return guest.Column('on', 'true', boot, work)

	def test_boots_kept(self):
		with tempfile.TemporaryDirectory() as work:
			column = self.column(work, 'console-on.log', 'ok 1 dept-bench\\n', 0)
			guest.boot_all([column], 2, lambda _: None)
			self.assertEqual(len(column.boots), 2)
			self.assertTrue(os.path.exists(os.path.join(work, 'console-2.log')))
			self.assertEqual((column.failed, column.notes), ('', []))

	def test_a_failed_verdict_is_a_note(self):
		ktap = '# unexpected dept report naming <sched>:\\nnot ok 1 dept-bench\\n'
		with tempfile.TemporaryDirectory() as work:
			column = self.column(work, 'console-on.log', ktap, 1)
			guest.boot_all([column], 1, lambda _: None)
			self.assertEqual(len(column.boots), 1)
			self.assertIn('boot 1 failed its verdict', column.notes[0])
			self.assertIn('unexpected dept report naming <sched>:', column.notes[0])

	def test_an_unfinished_benchmark_fails_the_column(self):
		with tempfile.TemporaryDirectory() as work:
			column = self.column(work, 'callgrind.termination', '', 1)
			guest.boot_all([column], 3, lambda _: None)
			self.assertEqual(column.boots, [])
			self.assertTrue(column.failed.startswith('boot 1 did not finish'))


def suite_console(used: Dict[str, int]) -> str:
	"""A scenario's console as init prints DEPT's pools at its end."""
	pools = ''.join(f'{name} 100 8192 0 {n} {8192 - n} 0 0 800\n'
			for name, n in used.items())
	return ('harness: scenario x exit 0\nharness: dept_stats\n'
		'pool objsize total grown used free refills dropped KB\n'
		f'{pools}wgen 5\nreports 0\nstopped 0\nharness: dept_stats end\n')


class MemoryTest(unittest.TestCase):
	def setUp(self):
		boot = console.read(data('console-on.log'))
		self.found = {(f.name, f.column): f
			      for f in memory.memory_figures('um', [boot])}

	def test_used(self):
		self.assertAlmostEqual(self.found[('dep', 'boot')].median,
				       738 * 112 / 1024)
		total = sum(p.used * p.objsize for p in console.read(
			data('console-on.log')).pools['bench'].values()) / 1024
		self.assertAlmostEqual(self.found[('all pools', 'bench')].median, total)

	def test_v16_reservation_uses_our_object_sizes(self):
		self.assertEqual(self.found[('stack', 'v16')].median, 32768 * 152 / 1024)
		self.assertEqual(self.found[('all pools', 'v16')].median, 12416)

	def test_reserved_is_the_boot_reservation_and_grown_the_rest(self):
		boot = console.read(data('console-on.log'))
		dep = boot.pools['bench']['dep']
		boot.pools['bench']['dep'] = console.Pool(
			dep.objsize, dep.total + 2048, dep.used, 2048)
		found = {(f.name, f.column): f
			 for f in memory.memory_figures('um', [boot])}
		self.assertEqual(found[('dep', 'reserved')].median, 8192 * 112 / 1024)
		self.assertEqual(found[('dep', 'grown')].median, 2048 * 112 / 1024)
		self.assertEqual(found[('wait', 'grown')].median, 0)
		self.assertEqual(found[('all pools', 'grown')].median,
				 2048 * 112 / 1024)

	def test_suite_is_missing_with_why(self):
		self.assertIn('BENCH_NO_HARNESS',
			      self.found[('wait', 'suite')].missing)

	def test_suite_is_the_most_any_scenario_used(self):
		boot = console.read(data('console-on.log'))
		with tempfile.TemporaryDirectory() as work:
			for name, used in (('a', {'dep': 10, 'wait': 40}),
					   ('b', {'dep': 30, 'wait': 5}),
					   ('c', {})):
				os.mkdir(os.path.join(work, name))
				with open(os.path.join(work, name, 'console.log'),
					  'w', encoding='utf-8') as file:
					file.write(suite_console(used) if used else
						   'harness: scenario c exit 0\n')
			suite = memory.suite_pools(work)
		self.assertEqual(sorted(suite), ['a', 'b'])
		found = {(f.name, f.column): f
			 for f in memory.memory_figures('um', [boot], suite)}
		self.assertAlmostEqual(found[('dep', 'suite')].median, 30 * 100 / 1024)
		self.assertAlmostEqual(found[('wait', 'suite')].median, 40 * 100 / 1024)
		self.assertAlmostEqual(found[('all pools', 'suite')].median,
				       50 * 100 / 1024)
		self.assertIn('of 2 scenarios', found[('all pools', 'suite')].note)
		self.assertIn('all pools: a', found[('all pools', 'suite')].note)

	def test_suite_that_printed_nothing(self):
		boot = console.read(data('console-on.log'))
		found = memory.memory_figures('um', [boot], {})
		self.assertIn('no scenario', [f for f in found
					      if f.column == 'suite'][0].missing)

	def test_dept_task(self):
		self.assertEqual(self.found[('dept_task', 'per task')].median, 2720)

	def test_without_dept(self):
		off = console.read(data('console-off.log'))
		found = memory.memory_figures('um', [off])
		self.assertEqual(len(found), 1)
		self.assertIsNone(found[0].median)


class CallgrindTest(unittest.TestCase):
	def test_dump(self):
		dump = callgrind.read(data('callgrind.ldt_pair'))
		self.assertEqual(dump.name, 'ldt_pair')
		self.assertEqual(dump.total, 40515028)
		self.assertEqual(dump.engine, 2735000)
		self.assertEqual(dump.stacktrace, 36982000)

	def test_self_costs_add_up_to_the_total(self):
		with open(data('callgrind.ldt_pair'), encoding='utf-8') as file:
			lines = file.read().splitlines()
		engine_only = [l.replace('/src/kernel/dependency/', '/elsewhere/')
			       for l in lines]
		everything = [l.replace('fl=(', 'fl=(').replace('???', 'kernel/dependency/x')
			      for l in lines]
		self.assertEqual(callgrind.parse(engine_only).engine, 0)
		self.assertLessEqual(callgrind.parse(everything).engine,
				     callgrind.parse(lines).total)

	def test_termination_dump_is_no_figure(self):
		self.assertIsNone(callgrind.read(data('callgrind.termination')))

	def test_host_figures(self):
		ops = host.operations('noise\nFIGURE ldt_pair 1000\n')
		dump = callgrind.read(data('callgrind.ldt_pair'))
		found = {f.column: f for f in host.host_figures(ops, [dump])}
		self.assertEqual(found['total'].median, 40515.028)
		self.assertEqual(found['engine'].median, 2735)
		self.assertEqual(found['stacktrace'].unit, 'Ir/op')
		unknown = host.host_figures({}, [dump])
		self.assertTrue(all(f.missing for f in unknown))


def sample() -> list:
	on = figures.measured('kernel', 'mutex_pair', 'um', 'on', 'ns/op', [30.0, 20.0, 40.0])
	off = figures.measured('kernel', 'mutex_pair', 'um', 'off', 'ns/op', [10.0])
	floor = figures.measured('kernel', 'mutex_pair', 'um', 'floor', 'ns/op', [2.0])
	cycle = [figures.measured('host', f'cycle_check_{n}', 'host', c, 'Ir/op', [v])
		 for n in (10, 100) for c, v in (('total', 100.0 + n), ('engine', 10.0))]
	return [on, off, floor] + cycle


class TableTest(unittest.TestCase):
	def test_cells_and_ratios(self):
		lines = table.render(sample())
		row = next(l for l in lines if l.startswith('mutex_pair'))
		# three significant digits, ratios of the medians
		self.assertEqual(row.split(), ['mutex_pair', 'ns/op', '30', '[20-40]',
					       '10', '2', '3.00x'])
		self.assertIn('== um: in-kernel, median [min-max] of 3 boots', lines)

	def test_dept_against_lockdep(self):
		found = sample() + [
			figures.measured('kernel', 'mutex_pair', 'um', c, 'ns/op', [v])
			for c, v in (('lockdep', 6.0), ('alone', 3.0))]
		lines = table.render(found)
		self.assertEqual(lines[2].split(), [
			'figure', 'unit', 'DEPT', 'on', 'DEPT', 'off', 'floor',
			'lockdep', 'alone', 'DEPT', 'alone', 'on/off',
			'dept/lockdep', 'alone/lockdep', 'off/lockdep'])
		row = next(l for l in lines if l.startswith('mutex_pair'))
		# (on - off) / (lockdep - floor), alone / lockdep, off / lockdep
		self.assertEqual(row.split()[-6:], ['6', '3', '3.00x', '5.00x',
						    '0.50x', '1.67x'])

	def test_a_ratio_without_its_columns_is_not_shown(self):
		header = table.render(sample())[2]
		self.assertNotIn('dept/lockdep', header)
		self.assertIn('on/off', header)

	def test_missing_says_why(self):
		gone = figures.missing('kernel', 'spin_pair', 'um', 'floor', 'ns/op', 'no kernel')
		lines = table.render(sample() + [gone])
		self.assertIn('  missing: spin_pair floor: no kernel', lines)


class ResultsTest(unittest.TestCase):
	def test_round_trip(self):
		found = sample()
		results.stamp(found, 'abc1234', '2026-12-03T09:00:00Z')
		with tempfile.TemporaryDirectory() as tmp:
			path = os.path.join(tmp, 'results.json')
			results.write(path, found)
			with open(path, encoding='utf-8') as file:
				record = json.load(file)[0]
			self.assertEqual(results.read(path), found)
		for key in ('name', 'target', 'column', 'median', 'min', 'max',
			    'unit', 'commit', 'date'):
			self.assertIn(key, record)


	def test_unreadable_says_which_and_why(self):
		with tempfile.TemporaryDirectory() as tmp:
			absent = os.path.join(tmp, 'absent.json')
			with self.assertRaisesRegex(results.ResultsError,
						    f'^{absent}: No such file'):
				results.read(absent)
			garbage = os.path.join(tmp, 'garbage.json')
			with open(garbage, 'w', encoding='utf-8') as file:
				file.write('[{"name": 1}]')
			with self.assertRaisesRegex(results.ResultsError,
						    'not a results.json of make bench'):
				results.read(garbage)


class TableOfResultsTest(unittest.TestCase):
	def test_table_again(self):
		found = sample()
		results.stamp(found, 'abc1234', '2026-12-04T12:00:00Z')
		with tempfile.TemporaryDirectory() as out:
			path = os.path.join(out, 'results.json')
			results.write(path, found)
			printed = io.StringIO()
			with contextlib.redirect_stdout(printed):
				self.assertEqual(bench_main.main(['table', path]), 0)
		lines = printed.getvalue().splitlines()
		self.assertEqual(lines[0], 'commit abc1234, 2026-12-04T12:00:00Z')
		self.assertEqual(lines[1:], table.render(found))

	def test_bad_file(self):
		with contextlib.redirect_stderr(io.StringIO()):
			self.assertEqual(bench_main.main(['table', '/nonexistent']), 2)


class DocumentTest(unittest.TestCase):
	def test_one_run_its_tables(self):
		found = sample()
		results.stamp(found, 'abc1234', '2026-12-04T12:00:00Z')
		text = document.render(found, '2 CPUs')
		self.assertIn('Run at commit abc1234, 2026-12-04T12:00:00Z, on '
			      '2 CPUs; groups: host, kernel; targets: host, um.', text)
		fenced = text.split('```\n')[1]
		self.assertEqual(fenced.splitlines(), table.render(found)[1:])

	def test_machine_names_the_cpus(self):
		self.assertRegex(document.machine(), r'^\d+ CPUs')


class CompareTest(unittest.TestCase):
	def test_ratio_against_old(self):
		old = sample()
		new = sample()
		new[0] = figures.measured('kernel', 'mutex_pair', 'um', 'on', 'ns/op', [45.0])
		new[1] = figures.missing('kernel', 'mutex_pair', 'um', 'off', 'ns/op', 'x')
		lines = compare.compare(old, new[:-1])
		row = next(l for l in lines if l.startswith('mutex_pair') and ' on ' in l)
		self.assertEqual(row.split()[-1], '1.50x')
		self.assertEqual(lines[-2], 'only in the old run: cycle_check_100 host engine')
		self.assertEqual(lines[-1], 'no value in one of the runs: mutex_pair um off')


class WorkloadTest(unittest.TestCase):
	def test_read_run(self):
		run = workload.read_run(data('workload-results.json'))
		# the stressors, not the step listing them
		self.assertEqual(list(run.bogo_ops), [
			'stress-ng/flock', 'stress-ng/aio', 'stress-ng/aiol',
			'stress-ng/pipe', 'stress-ng/fork', 'stress-ng/futex'])
		self.assertEqual(run.bogo_ops['stress-ng/pipe'], 8107.029714)
		self.assertEqual(run.began_after_s, 2.16)

	def test_figures(self):
		on = workload.Column('on', 'true', 'true', '/w/on', runs=[
			workload.Run({'stress-ng/pipe': 100.0}, 20.0),
			workload.Run({'stress-ng/pipe': 300.0}, 30.0),
			workload.Run({'stress-ng/pipe': 200.0}, 25.0)])
		off = workload.Column('off', 'true', 'true', '/w/off', runs=[
			workload.Run({'stress-ng/pipe': 400.0}, None)],
			notes=['boot 1 failed a step (/w/off/results-1.json)'])
		floor = workload.Column('floor', 'true', 'true', '/w/floor',
					failed='its kernel did not build: no space')
		found = {f.key: f for f in workload.workload_figures(
			'um', [on, off, floor])}
		pipe = found[('workload', 'stress-ng/pipe', 'um', 'on')]
		self.assertEqual((pipe.median, pipe.min, pipe.max, pipe.runs),
				 (200.0, 100.0, 300.0, 3))
		self.assertEqual(found[('workload', 'boot_to_workload', 'um', 'on')]
				 .median, 25.0)
		self.assertEqual(found[('workload', 'boot_to_workload', 'um',
					'off')].missing,
				 "no run printed the workload's start")
		self.assertEqual(found[('workload', 'stress-ng/pipe', 'um', 'off')]
				 .note, 'boot 1 failed a step (/w/off/results-1.json)')
		self.assertEqual(found[('workload', 'stress-ng/pipe', 'um', 'floor')]
				 .missing, 'its kernel did not build: no space')

	def test_boots(self):
		with tempfile.TemporaryDirectory() as work:
			boot = (f'cp {data("workload-results.json")} {work}/results.json'
				' && exit 1')
			column = workload.Column('on', 'true', boot, work)
			workload.boot_all([column], 2, lambda _: None)
			self.assertEqual(len(column.runs), 2)
			self.assertTrue(os.path.exists(os.path.join(work, 'results-2.json')))
			self.assertEqual(column.notes[0], 'boot 1 failed a step '
					 f'({work}/results-1.json)')
			failing = workload.Column('off', 'true', 'echo no soak >&2', work)
			workload.boot_all([failing], 2, lambda _: None)
			self.assertEqual((failing.runs, failing.failed),
					 ([], 'boot 1 failed: no soak'))

	def test_cost_of_a_rate_is_its_inverse(self):
		rows = [figures.measured('workload', 'stress-ng/pipe', 'um', c,
					 'bogo-ops/s', [v])
			for c, v in (('on', 100.0), ('off', 200.0), ('floor', 400.0))]
		row = next(l for l in table.render(rows)
			   if l.startswith('stress-ng/pipe'))
		# DEPT on does half the work of dept=off in the same time
		self.assertEqual(row.split()[-2:], ['2.00x', '4.00x'])


class TimedTest(unittest.TestCase):
	def test_final_line(self):
		found = timed.timed('t', 'um', "echo '1..2'; echo '2 passed, 0 failed'",
				    2, lambda _: None)
		self.assertEqual((found.runs, found.unit), (2, 's'))
		skipped = timed.timed('t', 'um', "echo '3 passed, 1 failed, 2 skipped'; "
				      'exit 2', 1, lambda _: None)
		self.assertIsNotNone(skipped.median)

	def test_no_final_line(self):
		found = timed.timed('t', 'um', "echo 'make: *** error'; exit 2", 1,
				    lambda _: None)
		self.assertIsNone(found.median)
		self.assertIn("(exit 2)", found.missing)
		self.assertIn("its last line: 'make: *** error'", found.missing)

	def test_a_warm_up_runs_once_unmeasured(self):
		with tempfile.TemporaryDirectory() as directory:
			count = os.path.join(directory, 'count')
			found = timed.timed('t', 'um', f'echo run >> {count}', 2,
					    lambda _: None, warm_up=True)
			with open(count, encoding='utf-8') as file:
				self.assertEqual(len(file.readlines()), 3)
		self.assertEqual(found.runs, 2)
		failed = timed.timed('t', 'um', 'exit 3', 2, lambda _: None,
				     warm_up=True)
		self.assertIn('(exit 3)', failed.missing)

	def test_a_build_prints_no_verdict(self):
		self.assertIsNotNone(timed.timed('t', 'um', 'true', 1,
						 lambda _: None).median)


class ChartTest(unittest.TestCase):
	def test_data(self):
		self.assertEqual(chart.ratios(sample()), [('mutex_pair@um', 3.0, 15.0)])
		rates = [figures.measured('workload', 'stress-ng/pipe', 'um', c,
					  'bogo-ops/s', [v])
			 for c, v in (('on', 100.0), ('off', 200.0), ('floor', 400.0))]
		self.assertEqual(chart.ratios(rates, 'workload'),
				 [('stress-ng/pipe@um', 2.0, 4.0)])
		self.assertEqual(chart.cycle_costs(sample()),
				 [(10, 110.0, 10.0), (100, 200.0, 10.0)])

	def test_a_panel_without_data_is_left_out(self):
		both = chart.script('c.svg', [(chart.RATIO_PANEL, 'r.dat', 'T'),
					      (chart.CYCLE_PANEL, 'c.dat', '')])
		self.assertIn('layout 1,2', both)
		self.assertIn('"r.dat"', both)
		self.assertIn('set title "T: DEPT on against', both)
		only_cycle = chart.script('c.svg', [(chart.CYCLE_PANEL, 'c.dat', '')])
		self.assertIn('layout 1,1', only_cycle)
		self.assertNotIn('histograms', only_cycle)
		self.assertIn('"c.dat"', only_cycle)


class ProfileTest(unittest.TestCase):
	NM = ('0000000060001000 T dept_wait\n'
	      '0000000060002000 t map_class\n'
	      '0000000060003000 d dept_pool\n'
	      '                 U printk\n')

	def test_report(self):
		with open(data('perf-report.txt')) as f:
			samples = profile.parse_report(f.read())
		self.assertEqual(len(samples), 19)
		self.assertEqual(samples[0], ('__lock_acquire', 16.73))
		self.assertEqual(samples[14], ('lock_acquire.part.0', 1.57))

	def test_text_symbols_only(self):
		self.assertEqual(profile.text_symbols(self.NM),
				 ['dept_wait', 'map_class'])

	def test_parts(self):
		parts = {'dept': {'__dept_wait', 'map_class', 'dept_*'},
			 'lockdep': {'__lock_acquire'}}
		samples = [('__lock_acquire', 10.0), ('__dept_wait', 5.5),
			   ('map_class', 1.5), ('0x000000008603e3a0', 2.0),
			   ('dept_pg_locked_lock', 1.0), ('undept_x', 0.5)]
		self.assertEqual(profile.shares(samples, parts),
				 {'dept': 8.0, 'lockdep': 10.0, 'rest': 2.5})
		lines = profile.table('== on', samples, parts, 2)
		self.assertEqual(lines[1].split(), ['self', '%', 'function', 'part'])
		self.assertEqual(lines[2].split(), ['10.00', '__lock_acquire', 'lockdep'])
		self.assertEqual(len(lines), 6)
		self.assertIn('dept 8.0 %, lockdep 10.0 %, rest 2.5 %', lines[4])

	def test_symbols_by_address(self):
		symbols = profile.Symbols(
			'ffffffff81000000 0000000000000010 T _stext\n'
			'ffffffff81000010 t entry_asm\n'
			'ffffffff81000040 0000000000000020 t dept_wait\n'
			'ffffffff81000080 0000000000000004 d dept_pool\n')
		self.assertEqual(symbols.name(0xffffffff8100000f), '_stext')
		# no size: up to the next symbol
		self.assertEqual(symbols.name(0xffffffff8100003f), 'entry_asm')
		self.assertEqual(symbols.name(0xffffffff8100005f), 'dept_wait')
		# past the last function's end, in the kernel's half
		self.assertEqual(symbols.name(0xffffffff81000060), '[module]')
		self.assertEqual(symbols.name(0xffffffffa0001000), '[module]')
		self.assertEqual(symbols.name(0x401000), '[user]')

	def test_percentages(self):
		self.assertEqual(profile.percentages(['b', 'a', 'b', 'c']),
				 [('b', 50.0), ('a', 25.0), ('c', 25.0)])

	def test_phases_follow_the_console(self):
		with tempfile.TemporaryDirectory() as work:
			console = os.path.join(work, 'console.log')
			phases = profile.Phases(console)
			self.assertEqual(phases.update(), profile.BOOT)
			with open(console, 'w') as f:
				f.write('[    0.5] Run /init as init process\n'
					'harness: scenario dept-bench start\n'
					'dept-bench: spin_pair 12.5')
			self.assertEqual(phases.update(), 'spin_pair')
			with open(console, 'a') as f:
				f.write('00 ns/op over 1024\n[    1.2] dept-bench: '
					'mutex_pair 20.000 ns/op over 512\n')
			self.assertEqual(phases.update(), 'rwsem_read_pair')
			with open(console, 'a') as f:
				f.write('dept-bench: folio_pair 5.000 ns/op over 9\n')
			self.assertEqual(phases.update(), profile.END)

	def test_method_of_a_target_file(self):
		with tempfile.TemporaryDirectory() as work:
			path = os.path.join(work, 't.toml')
			with open(path, 'w') as f:
				f.write('[gdb]\nstub = ["-s"]\ncmdline = "nokaslr"\n'
					'symbols = "vmlinux"\n[profile]\n'
					'sampler = "gdbstub"\npc_register = 16\n')
			method = profile.load_method(path)
			self.assertEqual((method.sampler, method.pc_register,
					  method.stub, method.cmdline),
					 ('gdbstub', 16, ['-s'], 'nokaslr'))
			with open(path, 'w') as f:
				f.write('[profile]\nsampler = "gdbstub"\n')
			with self.assertRaisesRegex(RuntimeError, 'pc_register'):
				profile.load_method(path)
			with open(path, 'w') as f:
				f.write('[gdb]\nmode = "run"\n')
			with self.assertRaisesRegex(RuntimeError, 'no .profile. table'):
				profile.load_method(path)


class FakeStub(threading.Thread):
	"""A gdb stub of two virtual CPUs, CPU 2 halted, that answers with
	acknowledgements until QStartNoAckMode, reads registers only once
	the target's description was read (as QEMU) and ends the connection
	after @samples interrupts."""

	def __init__(self, samples: int, pc: int = 0xdeadbeef,
		     before_stop=lambda: None):
		super().__init__()
		self.server = socket.socket()
		self.server.bind(('127.0.0.1', 0))
		self.server.listen(1)
		self.address = '127.0.0.1:%d' % self.server.getsockname()[1]
		self.samples = samples
		self.pc = pc.to_bytes(8, 'little').hex()
		self.before_stop = before_stop
		self.seen = []

	@staticmethod
	def packets(conn):
		"""What the client sends: ^C as '\\x03', each packet's payload."""
		pending = b''
		while True:
			if not pending:
				pending = conn.recv(4096)
				if not pending:
					return
			if pending[:1] in (b'+', b'\x03'):
				if pending[:1] == b'\x03':
					yield '\x03'
				pending = pending[1:]
				continue
			while b'#' not in pending or (
					len(pending) < pending.index(b'#') + 3):
				pending += conn.recv(4096)
			end = pending.index(b'#')
			yield pending[1:end].decode()
			pending = pending[end + 3:]

	def run(self):
		conn, _ = self.server.accept()
		acks, described, thread, stops = True, False, '1', 0
		pcs = {'1': self.pc, '2': '0100000000000000'}
		for payload in self.packets(conn):
			self.seen.append(payload)
			if acks and payload != '\x03':
				conn.sendall(b'+')
			if payload == 'c':
				continue
			if payload == '\x03':
				self.before_stop()
				stops += 1
				if stops > self.samples:
					conn.close()
					return
				reply = 'T02thread:01;'
			elif payload.startswith('qSupported:'):
				reply = 'PacketSize=1000;QStartNoAckMode+'
			elif payload.startswith('qXfer:features:read:target.xml:'):
				reply, described = 'm<', True
			elif payload == 'QStartNoAckMode':
				reply, acks = 'OK', False
			elif payload == 'qfThreadInfo':
				reply = 'm1,2'
			elif payload == 'qsThreadInfo':
				reply = 'l'
			elif payload.startswith('qThreadExtraInfo,'):
				state = 'halted ' if payload.endswith(',2') else 'running'
				reply = f'CPU#0 [{state}]'.encode().hex()
			elif payload.startswith('Hg'):
				thread, reply = payload[2:], 'OK'
			elif payload == 'p10':
				reply = pcs[thread] if described else ''
			else:
				reply = ''
			conn.sendall(gdbstub.frame(reply))


class GdbStubTest(unittest.TestCase):
	def test_frames_and_escapes(self):
		self.assertEqual(gdbstub.frame('qfThreadInfo'), b'$qfThreadInfo#bb')
		self.assertEqual(gdbstub.unescape(b'a}]b'), b'a}b')
		self.assertEqual(gdbstub.unescape(b'0* '), b'0000')
		self.assertEqual(gdbstub.little_endian('efbeadde00000000'),
				 0xdeadbeef)

	def test_samples_the_cpus_not_halted(self):
		stub_side = FakeStub(samples=3)
		stub_side.start()
		stub = gdbstub.Stub.connect(stub_side.address, 5)
		taken = []
		gdbstub.sample(stub, 16, 1000, taken.append)
		stub.close()
		stub_side.join()
		self.assertEqual(taken, [[0xdeadbeef]] * 3)
		self.assertEqual(stub_side.seen[:4], [
			'qSupported:xmlRegisters=i386', 'QStartNoAckMode',
			'qXfer:features:read:target.xml:0,1', 'qfThreadInfo'])
		self.assertEqual(stub_side.seen.count('c'), 4)

	def test_a_boot_sampled_figure_by_figure(self):
		"""A fake QEMU prints the console up to the first figure's line
		and lives on a second; its stub answers once that line is in
		the console: every sample is the second figure's."""
		with tempfile.TemporaryDirectory() as work:
			data = os.path.join(work, 'on.data')
			console = data + '.console'

			def figure_printed():
				while 'spin_pair' not in (open(console).read() if
							  os.path.exists(console) else ''):
					time.sleep(0.01)

			stub_side = FakeStub(3, 0xffffffff81000010, figure_printed)
			stub_side.start()
			qemu = [sys.executable, '-c', 'import time; print("harness: '
				'scenario dept-bench start\\ndept-bench: spin_pair '
				'1.000 ns/op over 1", flush=True); time.sleep(1)']
			method = profile.Method('gdbstub', 16, ['--unused={port}'])
			symbols = profile.Symbols(
				'ffffffff81000000 0000000000000100 T lock_acquire\n')
			port = int(stub_side.address.rpartition(':')[2])
			with unittest.mock.patch.object(profile, 'free_port',
							return_value=port):
				found = profile.stub_profile(
					{'command': qemu, 'timeout': 30},
					profile.Column('on', []), data, 1000, method, symbols)
			stub_side.join()
			self.assertEqual(found, {'mutex_pair (3 samples)':
						 [('lock_acquire', 100.0)]})
			with open(data) as f:
				self.assertEqual(f.read(), 'mutex_pair\tffffffff81000010\n' * 3)

	def test_a_guest_without_a_stub_is_ended(self):
		"""QEMU halted for a sampler that cannot reach it would wait for
		its whole timeout: it is ended at once."""
		with tempfile.TemporaryDirectory() as work:
			qemu = [sys.executable, '-c', 'import time; time.sleep(60)']
			started = time.monotonic()
			with unittest.mock.patch.object(profile, 'STUB_WITHIN', 0.3):
				with self.assertRaisesRegex(gdbstub.StubError, 'no gdb stub'):
					profile.stub_profile(
						{'command': qemu, 'timeout': 60},
						profile.Column('on', []),
						os.path.join(work, 'on.data'), 1000,
						profile.Method('gdbstub', 16, []),
						profile.Symbols(''))
			self.assertLess(time.monotonic() - started, 10)

	def test_no_stub(self):
		with socket.socket() as sock:
			sock.bind(('127.0.0.1', 0))
			port = sock.getsockname()[1]
		with self.assertRaisesRegex(gdbstub.StubError, 'no gdb stub'):
			gdbstub.Stub.connect(f'127.0.0.1:{port}', 0.2)

if __name__ == '__main__':
	unittest.main()
