# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the records and their rendering, without gdb.

usage: PYTHONPATH=gdb-scripts python3 -m unittest dept.render_test
"""

import unittest

from dept import render
from dept.records import (ClassInfo, ClassRef, Dep, Held, HistSlot, PoolStat,
			  Stage, Stats, TaskState)

MUTEX_A = ClassRef(0x1000, 'mutex_a', 0)
COMP_B = ClassRef(0x2000, 'comp_b', 0)
MUTEX_C = ClassRef(0x3000, 'mutex_c', 0)
# cxt_id of the process context: kind 2, so its own bit is 1 << 2
SHIFT = 3
PROC_7 = (7 << SHIFT) | (1 << 2)


def dep(addr, fc, tc, ecxt_fn, wait_fn, event_fn, **flags):
	return Dep(addr, fc, tc, ecxt_fn, event_fn, wait_fn, **flags)


ARTICLE_CYCLE = [
	dep(0xa, MUTEX_A, COMP_B, 'mutex_lock', 'wait_for_completion',
	    'mutex_unlock'),
	dep(0xb, COMP_B, MUTEX_C, None, 'mutex_lock', 'complete'),
	dep(0xc, MUTEX_C, MUTEX_A, 'mutex_lock', 'mutex_lock', 'mutex_unlock'),
]


def task(**changes) -> TaskState:
	fields = dict(pid=42, comm='z', addr=0xfeed, held=[], missing_ecxt=0,
		      hist=[], hist_size=64, next_slot=0,
		      cxt_ids=[1 << SHIFT, 2 << SHIFT, 7 << SHIFT],
		      cxt_shift=SHIFT,
		      wgen_enirq=[10, 0], enirq_ip=['0x10 <f+1>', '0'],
		      recursive=0, stage=None, in_sched=False, task_exit=False)
	fields.update(changes)
	return TaskState(**fields)


class ClassRefTest(unittest.TestCase):

	def test_label_is_the_reports_name_and_subclass(self):
		self.assertEqual(ClassRef(1, 'x', 8).label, 'x:8')
		self.assertEqual(ClassRef(1, None, 0).label, '(unknown):0')
		# a later class of a name that a live class has
		self.assertEqual(ClassRef(1, '&m[n]', 0, name_version=2).label,
				 '&m[n]#2:0')
		self.assertTrue(ClassRef(1, 'lock', 0, name_version=2)
				.matches('lock#2'))

	def test_sched_map_is_named_sched_whatever_its_name(self):
		self.assertEqual(ClassRef(1, 'wait_fn', 0, sched_map=True).label,
				 '<sched>:0')

	def test_matches_name_glob_label_and_address(self):
		ref = ClassRef(0x1234, '&x->wait.lock', 8)
		for pattern in ('', '&x->wait.lock', '*wait.lock', '*:8',
				'&x->wait.lock:8', '0x1234', '0X1234'):
			self.assertTrue(ref.matches(pattern), pattern)
		for pattern in ('wait.lock', '*:0', '0x1235', '0xzz', 'x'):
			self.assertFalse(ref.matches(pattern), pattern)


class CycleTest(unittest.TestCase):

	def test_contexts_print_as_the_report_does(self):
		self.assertEqual(render.render_cycle(ARTICLE_CYCLE, False), [
			'cycle of the latest report: 3 contexts',
			'context A',
			'    [S] mutex_lock(mutex_a:0)',
			'    [W] wait_for_completion(comp_b:0)',
			'    [E] mutex_unlock(mutex_a:0)',
			'context B',
			'    [S] (unknown)(comp_b:0)',
			'    [W] mutex_lock(mutex_c:0)',
			'    [E] complete(comp_b:0)',
			'context C',
			'    [S] mutex_lock(mutex_c:0)',
			'    [W] mutex_lock(mutex_a:0)',
			'    [E] mutex_unlock(mutex_c:0)',
		])

	def test_in_progress_and_empty(self):
		self.assertIn('being printed',
			      render.render_cycle(ARTICLE_CYCLE[:1], True)[0])
		self.assertEqual(render.render_cycle([], False),
				 ['no DEPT report so far'])


class TaskTest(unittest.TestCase):

	def test_context_ids_name_their_kind(self):
		self.assertEqual(render.context_id(PROC_7, SHIFT), 'process 7')
		self.assertEqual(render.context_id((3 << SHIFT) | 1, SHIFT),
				 'softirq 3')
		self.assertEqual(render.context_id((3 << SHIFT) | 2, SHIFT),
				 'hardirq 3')
		self.assertEqual(render.context_id(5 << SHIFT, SHIFT), '0x28?')

	def test_held_innermost_first_with_map_wgen_and_functions(self):
		held = [Held(1, MUTEX_C, 0, 0xc0, 'mutex_c', 20, 0xe1, 'mutex_lock',
			     'mutex_unlock'),
			Held(0, MUTEX_A, 1, 0xa0, 'mutex_a', 10, 0, None, None)]
		lines = render.render_task(task(held=held))
		start = lines.index('held event contexts: 2, innermost first')
		self.assertEqual(lines[start + 1].split(),
				 ['pos', 'class', 'sub_l', 'wgen', 'map', '[S]',
				  '/', '[E]', 'function'])
		self.assertEqual(lines[start + 2].split(),
				 ['1', 'mutex_c:0', '0', '20', '0xc0', 'mutex_c',
				  'mutex_lock', '/', 'mutex_unlock'])
		self.assertIn('nest_lock placeholder', lines[start + 3])
		self.assertEqual(lines[start + 3].split()[:5],
				 ['0', 'mutex_a:0', '1', '10', '0xa0'])

	def test_full_stack_says_how_many_were_lost(self):
		lines = render.render_task(task(missing_ecxt=3))
		self.assertIn('held event contexts: 0, innermost first; 3 more '
			      'not recorded (stack full)', lines)

	def test_history_marks_only_the_newest(self):
		hist = [HistSlot(63, MUTEX_C, 'mutex_lock', 5, PROC_7),
			HistSlot(0, COMP_B, 'wait_for_completion', 9, PROC_7,
				 sched_sleep=True)]
		lines = render.render_task(task(hist=hist, next_slot=1))
		start = lines.index('wait history: 2 of 64 slots, oldest first; '
				    'next slot 1')
		self.assertEqual(lines[start + 2].split(),
				 ['63', '5', 'process', '7', 'mutex_lock(mutex_c:0)'])
		self.assertEqual(lines[start + 3].split(),
				 ['0', '9', 'process', '7',
				  'wait_for_completion(comp_b:0)', 'sched-sleep',
				  '<-', 'newest'])

	def test_contexts_irqs_stage_and_counters(self):
		stage = Stage('comp_b', False, 'wait_for_completion', '0x5 <g>', -1,
			      0)
		lines = render.render_task(task(stage=stage, recursive=1))
		self.assertIn('context ids: softirq 1, hardirq 2, process 7', lines)
		self.assertIn('softirqs: last enabled at wgen 10, 0x10 <f+1>',
			      lines)
		self.assertIn('hardirqs: no enabling recorded', lines)
		self.assertIn('staged wait: wait_for_completion(comp_b), not '
			      'awaited (not slept on yet, or woken), no timeout, '
			      'at 0x5 <g>', lines)
		self.assertIn('recursive: 1, in __schedule: no, past '
			      'dept_task_exit: no', lines)

	def test_committed_sched_stage(self):
		stage = Stage('schedule_timeout', True, 'schedule_timeout', '0x6',
			      100, 77)
		self.assertEqual(render.stage_line(stage),
				 'staged wait: schedule_timeout(<sched>), awaited '
				 'since wgen 77, timeout 100, at 0x6')
		self.assertEqual(render.stage_line(None), 'staged wait: none')


class GraphTest(unittest.TestCase):

	def test_classes_table_counts_and_flags(self):
		infos = [ClassInfo(MUTEX_A, 1, 1),
			 ClassInfo(ClassRef(0x10, 'fn', 0, sched_map=True,
					    dead=True), 0, 12)]
		lines = render.render_classes(infos, 9, 'x*')
		self.assertEqual(lines[0].split(),
				 ['class', 'out', 'in', 'address', 'flags'])
		self.assertEqual(lines[1].split(), ['mutex_a:0', '1', '1', '0x1000'])
		self.assertEqual(lines[2].split(),
				 ['<sched>:0', '0', '12', '0x10', 'sched,dead'])
		self.assertEqual(lines[3], "2 of 9 classes matching 'x*'")
		self.assertEqual(render.render_classes([], 9, ''), ['0 of 9 classes'])

	def test_deps_out_and_in(self):
		lines = render.render_deps(MUTEX_A, ARTICLE_CYCLE[:1],
					   ARTICLE_CYCLE[2:])
		self.assertEqual(lines[0], 'class mutex_a:0 at 0x1000: 1 out, 1 in')
		out = lines.index('out: the event of mutex_a:0 waits for these')
		into = lines.index('in: these events wait for mutex_a:0')
		self.assertEqual(lines[out + 2].split(),
				 ['mutex_a:0', 'comp_b:0', 'mutex_lock',
				  'wait_for_completion', 'mutex_unlock', '0xa'])
		self.assertEqual(lines[into + 2].split(),
				 ['mutex_c:0', 'mutex_a:0', 'mutex_lock',
				  'mutex_lock', 'mutex_unlock', '0xc'])

	def test_deps_none_and_flags(self):
		timed = dep(0xd, MUTEX_A, COMP_B, 'a', 'b', 'c', timeout=True,
			    sched_sleep=True)
		lines = render.render_deps(MUTEX_A, [timed], [])
		self.assertIn('timeout,sched-sleep', lines[3])
		self.assertEqual(lines[-1], '  (none)')


class StatsTest(unittest.TestCase):

	def test_pools_as_proc_dept_stats(self):
		s = Stats([PoolStat('dep', 112, 100, 100, 25, 0, 0),
			   PoolStat('wait', 96, 8192 * 3, 8192, 8192, 2, 5)],
			  wgen=1234, reports=1, ready=True, stopped=False, classes=4,
			  deps=5)
		lines = render.render_stats(s)
		self.assertEqual(lines[0], 'DEPT running; wgen 1234; 1 reports; '
				 '4 classes, 5 dependencies')
		self.assertEqual(lines[1].split(),
				 ['pool', 'objsize', 'total', 'grown', 'used', 'free',
				  'refills', 'dropped', 'KB'])
		self.assertEqual(lines[2].split(),
				 ['dep', '112', '100', '0', '25', '75', '0', '0',
				  '10'])
		self.assertEqual(lines[3].split(),
				 ['wait', '96', '24576', '16384', '8192', '16384', '2',
				  '5', '2304'])

	def test_engine_state(self):
		def state(ready, stopped):
			s = Stats([], 1, 0, ready, stopped, 0, 0)
			return render.render_stats(s)[0].split(';')[0]
		self.assertEqual(state(False, False), 'DEPT not started yet')
		self.assertEqual(state(True, False), 'DEPT running')
		self.assertEqual(state(True, True), 'DEPT stopped')


class TableTest(unittest.TestCase):

	def test_columns_align(self):
		self.assertEqual(render.table(['a', 'num'], [['long', '1'],
							     ['x', '100']],
					      [False, True]),
				 ['  a     num', '  long    1', '  x     100'])


if __name__ == '__main__':
	unittest.main()
