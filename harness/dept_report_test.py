# SPDX-License-Identifier: GPL-2.0
"""Unit tests of dept-report (harness/dept_report.py, dept_decode.py,
dept_picture.py, report_cli.py) over the consoles of the scenario
dept-article-xyz on the three targets and the scenario's module as each
target built it (test_data/dept_report/T/).  Decoding runs the kernel
tree's scripts/faddr2line: $DEPT_TREE, default build/linux.

Run: python3 -m unittest harness.dept_report_test
"""

import contextlib
import dataclasses
import io
import json
import lzma
import os
import shutil
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree

import jsonschema

from harness import console, dept_decode, dept_picture, dept_report, report_cli

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, 'test_data', 'dept_report')
SCHEMA = os.path.join(HERE, 'dept-report.schema.json')
TREE = os.environ.get('DEPT_TREE', os.path.join(HERE, '..', 'build', 'linux'))
CROSS = {'um': '', 'x86_64': '', 'arm64': 'aarch64-linux-gnu-'}
CLASSES = ['comp_b', 'mutex_a', 'mutex_c']


class ArticleReport(unittest.TestCase):
	"""The report of one target, its module unpacked in a temporary
	directory."""

	def setUp(self):
		if not os.access(os.path.join(TREE, 'scripts', 'faddr2line'), os.X_OK):
			raise AssertionError(f'no scripts/faddr2line in {TREE}: set '
					     'DEPT_TREE to a prepared kernel tree')
		self.modules = tempfile.mkdtemp()
		with open(SCHEMA, encoding='utf-8') as file:
			self.schema = json.load(file)

	def tearDown(self):
		shutil.rmtree(self.modules)

	def report(self, target: str) -> dept_report.DeptReport:
		with open(os.path.join(DATA, target, 'console.log'),
			  encoding='utf-8') as file:
			parsed = console.parse(file.read(), 'dept-article-xyz')
		found = [r for r in parsed.reports if r.detector == 'dept']
		self.assertEqual(len(found), 1)
		return dept_report.parse(found[0])

	def decoded(self, target: str) -> dept_report.DeptReport:
		report = self.report(target)
		where = os.path.join(self.modules, target)
		os.makedirs(where, exist_ok=True)
		with lzma.open(os.path.join(DATA, target, 'dept_article_xyz.ko.xz')) as packed, \
		     open(os.path.join(where, 'dept_article_xyz.ko'), 'wb') as ko:
			ko.write(packed.read())
		problems = dept_decode.decode(report.frames(), dept_decode.Objects(
			None, [where]), TREE, CROSS[target])
		self.assertEqual(problems[0], "no vmlinux given: the kernel's "
				 'frames stay symbol+offset')
		return report

	def test_contexts(self):
		for target in CROSS:
			with self.subTest(target=target):
				report = self.report(target)
				self.assertEqual(report.kind, 'deadlock')
				self.assertEqual(report.classes, CLASSES)
				self.assertEqual([(c.name, c.start.cls, c.wait.cls,
						   c.wait.function) for c in report.contexts],
						 [('A', 'mutex_c', 'mutex_a', 'lock'),
						  ('B', 'mutex_a', 'comp_b', 'x'),
						  ('C', 'comp_b', 'mutex_c', 'lock')])
				start = report.contexts[2].start
				self.assertIsNone(start.function)
				self.assertIsNone(start.ip)
				self.assertEqual(report.contexts[0].wait.ip.module,
						 'dept_article_xyz')
				self.assertIn('hardirq', [i.irq for i in
							  report.contexts[0].irqs])

	def test_module_frames_are_source_lines(self):
		# dept_article_xyz.c: y() takes mutex_c on line 40 and mutex_a
		# on 41, x() takes mutex_a on 33 and waits for comp_b on 34, z()
		# takes mutex_c on 48 (on arm64 the ip of x()'s wait is x+0x0,
		# and its stack says where)
		for target in CROSS:
			with self.subTest(target=target):
				report = self.decoded(target)
				lines = [(c.name, role, os.path.basename(f.file), f.line)
					 for c in report.contexts
					 for role, p in c.places().items()
					 for f in [dept_picture.caller(p)]
					 if f and f.module and role != 'event']
				self.assertEqual(lines, [
					('A', 'start', 'dept_article_xyz.c', 40),
					('A', 'wait', 'dept_article_xyz.c', 41),
					('B', 'start', 'dept_article_xyz.c', 33),
					('B', 'wait', 'dept_article_xyz.c', 34),
					('C', 'wait', 'dept_article_xyz.c', 48)])
				# z() completes comp_b on line 50; on x86_64 the call is
				# a tail call, and z() is not on the stack
				if target != 'x86_64':
					event = dept_picture.caller(report.contexts[2].event)
					self.assertEqual(event.line, 50)

	def test_json_is_the_expected_and_valid(self):
		for target in CROSS:
			with self.subTest(target=target):
				record = self.decoded(target).as_json()
				jsonschema.validate(record, self.schema)
				with open(os.path.join(DATA, target, 'report-1.json'),
					  encoding='utf-8') as file:
					self.assertEqual(record, json.load(file))

	def test_picture_names_every_class(self):
		report = self.decoded('x86_64')
		with tempfile.TemporaryDirectory() as out:
			svg = os.path.join(out, 'r.svg')
			self.assertIsNone(dept_picture.render(
				dept_picture.to_dot(report), svg, 'svg'))
			texts = [t.text for t in ElementTree.parse(svg).iter()
				 if t.tag.endswith('text') and t.text]
		for cls in CLASSES:
			self.assertIn(f'{cls}:0', texts)
		self.assertIn('[W] lock(mutex_a:0) at dept_article_xyz.c:41', texts)

	def test_layout_of_two_classes_keeps_labels_off_the_nodes(self):
		report = self.decoded('x86_64')
		self.assertIn('layout=circo;', dept_picture.to_dot(report))
		pair = dataclasses.replace(report, contexts=report.contexts[:1])
		self.assertIn('layout=dot;', dept_picture.to_dot(pair))

	def test_summary(self):
		lines = dept_picture.summary(self.decoded('um'))
		self.assertEqual(lines[0], 'DEPT: Circular dependency has been '
				 'detected. (deadlock): mutex_c -> mutex_a -> comp_b '
				 '-> mutex_c')
		self.assertEqual(len(lines), 5)
		self.assertTrue(lines[-1].startswith(
			'  look first at the wait of context A: '))
		self.assertTrue(lines[-1].endswith('dept_article_xyz.c:41 (y)'))

	def test_cli_writes_the_files(self):
		with tempfile.TemporaryDirectory() as out:
			printed = io.StringIO()
			with contextlib.redirect_stdout(printed):
				status = report_cli.main([
					os.path.join(DATA, 'um', 'console.log'),
					'--tree', TREE, '--out', out])
			self.assertEqual(status, 0)
			self.assertEqual(sorted(os.listdir(out)), [
				'report-1.dot', 'report-1.json', 'report-1.png',
				'report-1.svg'])
			self.assertIn(f'{out}/report-1.json', printed.getvalue())

	def test_unreadable_console(self):
		printed = io.StringIO()
		with contextlib.redirect_stderr(printed):
			self.assertEqual(report_cli.main(['/nonexistent/console.log']), 2)
		self.assertIn('/nonexistent/console.log', printed.getvalue())

	def test_cut_short_report(self):
		lines = ['DEPT: Circular dependency has been detected.', 'summary',
			 '-' * 40, '*** DEADLOCK ***', '', 'context A',
			 '    [S] lock(a:0)', '    [W] lock(b:0)']
		with self.assertRaisesRegex(dept_report.ReportError,
					    'context A .* has no event'):
			dept_report.parse(console.Report('dept', 'x', 0, lines))


if __name__ == '__main__':
	unittest.main()
