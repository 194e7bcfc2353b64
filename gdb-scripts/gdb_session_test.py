# SPDX-License-Identifier: GPL-2.0
"""Unit tests of gdb_session.py: the target descriptions and the gdb
script and command line it writes.

usage: PYTHONPATH=gdb-scripts python3 -m unittest gdb_session_test
"""

import fnmatch
import glob
import os
import shlex
import tempfile
import unittest

import gdb_session

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UML = gdb_session.GdbTarget('run', 'gdb', 'linux',
			    init=['handle SIGSEGV nostop noprint pass'])
QEMU = gdb_session.GdbTarget('attach', 'gdb-multiarch', 'vmlinux',
			     stub=['-gdb', 'tcp:127.0.0.1:{port}', '-S'],
			     cmdline='nokaslr', hardware_breakpoints=True)


class TargetFileTest(unittest.TestCase):

	def test_every_target_file_loads(self):
		files = sorted(glob.glob(os.path.join(ROOT, 'um-config', '*.toml')) +
			       glob.glob(os.path.join(ROOT, 'qemu-config', '*.toml')))
		self.assertEqual(sorted(os.path.basename(f) for f in files),
				 ['arm64.toml', 'um.toml', 'x86_64.toml'])
		for path in files:
			target = gdb_session.load_target(path)
			if target.mode == 'attach':
				self.assertIn('{port}', ' '.join(target.stub), path)
				self.assertIn('nokaslr', target.cmdline, path)

	def test_bad_files_say_why(self):
		with tempfile.NamedTemporaryFile('w', suffix='.toml') as file:
			file.write('halt = "reboot"\n')
			file.flush()
			with self.assertRaisesRegex(gdb_session.SessionError,
						    r'no \[gdb\] table'):
				gdb_session.load_target(file.name)
			file.write('[gdb]\nmode = "walk"\nprogram = "gdb"\n'
				   'symbols = "x"\n')
			file.flush()
			with self.assertRaisesRegex(gdb_session.SessionError, 'mode'):
				gdb_session.load_target(file.name)
			file.write('colour = "red"\n')
			file.flush()
			with self.assertRaisesRegex(gdb_session.SessionError, 'colour'):
				gdb_session.load_target(file.name)


class ScriptTest(unittest.TestCase):

	def test_uml_runs_the_kernel_stopped_then_breaks_on_the_report(self):
		lines = gdb_session.init_script(UML, '/out', ['mutex_a', 'comp_b'],
						False, None)
		self.assertEqual(lines[0], 'handle SIGSEGV nostop noprint pass')
		self.assertIn(f'source {gdb_session.DEPT_COMMANDS}', lines)
		self.assertEqual(lines[-2:], ['starti',
					      'dept-break-report "mutex_a" "comp_b"'])
		self.assertFalse(any(line.startswith('file ') for line in lines))

	def test_qemu_loads_symbols_attaches_then_breaks_in_hardware(self):
		lines = gdb_session.init_script(QEMU, '/out', [], True, 'h:1')
		self.assertEqual(lines[:3], ['set pagination off', 'set confirm off',
					     'file /out/vmlinux'])
		self.assertEqual(lines[-2:], ['target remote h:1',
					      'dept-break-report hardware'])

	def test_no_report_no_breakpoint(self):
		lines = gdb_session.init_script(UML, '/out', None, False, None)
		self.assertFalse(any('dept-break-report' in line for line in lines))

	def test_class_names_reach_the_glob_literally(self):
		name = 'a "b" [c]* ?\\d'
		word = gdb_session.gdb_word(name)
		glob_pattern = shlex.split(word)[0]  # gdb unquotes as the shell
		self.assertTrue(fnmatch.fnmatchcase(name, glob_pattern))
		self.assertFalse(fnmatch.fnmatchcase('a "b" c* ?\\d', glob_pattern))


class CommandTest(unittest.TestCase):

	def test_uml_is_gdbs_inferior(self):
		command = gdb_session.gdb_command(UML, 's.gdb', [], ['linux', 'a b'])
		self.assertEqual(command[0], 'gdb')
		self.assertEqual(command[-3:], ['--args', 'linux', 'a b'])
		self.assertNotIn('-batch', command)

	def test_batch_scripts_follow_the_set_up(self):
		command = gdb_session.gdb_command(QEMU, 's.gdb', ['p.py'], ['qemu'])
		self.assertIn('-batch', command)
		self.assertLess(command.index('s.gdb'), command.index('p.py'))
		self.assertNotIn('qemu', command)


if __name__ == '__main__':
	unittest.main()
