# SPDX-License-Identifier: GPL-2.0
"""Unit tests of dept-graph (harness/dept_graph.py).

Run: python3 -m unittest harness.dept_graph_test
"""

import contextlib
import io
import os
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree

from harness import dept_graph

# /proc/dept_deps: a class line, then a line per dependency out of it
PROC = """[ffffffff82a0c2c0] mutex_a:0
 -> [ffffffff82a0c2d0] comp_b:0
[ffffffff82a0c2d0] comp_b:0
 -> [ffffffff82a0c2e0] &type->i_mutex_dir_key#2:0
[ffffffff82a0c2e0] &type->i_mutex_dir_key#2:0
 -> [ffffffff82a0c2f0] far:1
[ffffffff82a0c2f0] far:1
"""
# a console with two dumps of dept-edges: the last complete one counts
CONSOLE = """[    0.50] harness: dept_edges
[    0.50] old:0 -> older:0
[    0.50] harness: dept_edges end
harness: dept_edges
mutex_a:0 -> comp_b:0
comp_b:0 -> mutex_a:0
harness: dept_edges end
harness: dept_edges
cut:0 -> short:0
"""


class GraphTest(unittest.TestCase):
	def test_parse_proc(self):
		self.assertEqual(dept_graph.parse(PROC), [
			('mutex_a:0', 'comp_b:0'),
			('comp_b:0', '&type->i_mutex_dir_key#2:0'),
			('&type->i_mutex_dir_key#2:0', 'far:1')])

	def test_parse_console(self):
		self.assertEqual(dept_graph.parse(CONSOLE), [
			('mutex_a:0', 'comp_b:0'), ('comp_b:0', 'mutex_a:0')])

	def test_around(self):
		edges = dept_graph.parse(PROC)
		near, centre = dept_graph.around(edges, ['comp_b'], 1)
		self.assertEqual(centre, {'comp_b:0'})
		self.assertEqual(near, edges[:2])
		far, _ = dept_graph.around(edges, ['comp_b:0'], 2)
		self.assertEqual(far, edges)
		self.assertEqual(dept_graph.around(edges, ['none'], 3), ([], set()))

	def test_picture(self):
		edges, centre = dept_graph.around(dept_graph.parse(PROC),
						  ['&type->i_mutex_dir_key#2'], 1)
		with tempfile.TemporaryDirectory() as out:
			svg = os.path.join(out, 'g.svg')
			self.assertIsNone(dept_graph.write(edges, centre, svg))
			texts = {t.text for t in ElementTree.parse(svg).iter()
				 if t.tag.endswith('text')}
			self.assertTrue(os.path.exists(os.path.join(out, 'g.dot')))
		self.assertEqual(texts, {'comp_b:0', '&type->i_mutex_dir_key#2:0',
					 'far:1'})

	def test_too_big_to_draw(self):
		edges = [(f'a{i}:0', f'b{i}:0') for i in range(dept_graph.MAX_DRAWN + 1)]
		with tempfile.TemporaryDirectory() as out:
			why = dept_graph.write(edges, set(), os.path.join(out, 'g.png'))
			self.assertIn('written as', why)
			self.assertEqual(os.listdir(out), ['g.dot'])

	def test_cli(self):
		with tempfile.TemporaryDirectory() as out:
			source = os.path.join(out, 'deps')
			with open(source, 'w', encoding='utf-8') as file:
				file.write(PROC)
			printed = io.StringIO()
			with contextlib.redirect_stdout(printed):
				self.assertEqual(dept_graph.main([
					source, '--around', 'far', '--out',
					os.path.join(out, 'g.dot')]), 0)
			self.assertIn('1 dependencies', printed.getvalue())
			with contextlib.redirect_stderr(io.StringIO()):
				self.assertEqual(dept_graph.main([source, '--around',
								  'none']), 1)
				self.assertEqual(dept_graph.main([os.path.join(
					out, 'missing')]), 2)


if __name__ == '__main__':
	unittest.main()
