#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the target files (targets.py): the repository's load,
bad ones say why, and a new target file is all a new target needs.

Run: python3 -m unittest harness.targets_test
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from harness import target, targets
from harness.paths import ROOT

# A fourth QEMU target, as its file would be: only boot keys and [build].
RISCV64 = '''
halt = "reboot"
command = [
	"qemu-system-riscv64", "-machine", "virt", "-m", "512",
	"-kernel", "{kernel}", "-initrd", "{initrd}",
	"-append", "console=ttyS0 panic=-1 {cmdline}",
]

[build]
arch = "riscv"
cross_compile = "riscv64-linux-gnu-"
deb_arch = "riscv64"
image = "arch/riscv/boot/Image"
fragments = ["FRAGMENT"]
packages = ["qemu-system-misc", "gcc-riscv64-linux-gnu"]
series = "arch-glue/riscv64"
sources = ["arch/riscv/"]
soak = "variant"
'''


def temp_dir(test: unittest.TestCase) -> str:
	directory = tempfile.mkdtemp()
	test.addCleanup(shutil.rmtree, directory)
	return directory


class RepositoryTest(unittest.TestCase):

	def test_every_target_file_loads_for_every_reader(self):
		paths = targets.target_paths()
		self.assertEqual(paths, ['um-config/um.toml', 'qemu-config/arm64.toml',
					 'qemu-config/x86_64.toml'])
		loaded = [targets.load(path) for path in paths]
		self.assertIsNone(targets.check_set(loaded))
		for path, t in zip(paths, loaded):
			target.load(os.path.join(ROOT, path))  # the runner's view
			self.assertTrue(os.path.isdir(os.path.join(ROOT, t.series)),
					t.series)
		self.assertEqual([t.name for t in loaded if 'gdb' in t.tests],
				 ['um', 'x86_64'])

	def test_make_variables_name_every_target_once(self):
		text = targets.make_variables(
			[targets.Build(t, 'b', 'lockdep') for t in targets.load_all()])
		self.assertIn('arm64_CROSS_COMPILE := aarch64-linux-gnu-\n', text)
		self.assertIn(f'um_DEB_ARCH := {targets.host_deb_arch()}\n', text)
		self.assertIn('um_OUT := b/um-lockdep\n', text)
		self.assertIn('arm64_MAKE_ARGS := ARCH=arm64 CROSS_COMPILE='
			      "aarch64-linux-gnu- 'CC=ccache aarch64-linux-gnu-gcc'\n",
			      text)
		self.assertIn('x86_64_FULL_CONFIG := qemu-config/x86_64-full.config\n',
			      text)
		self.assertIn('DEFAULT_TARGET := um\n', text)
		for name in ('um', 'arm64', 'x86_64'):
			self.assertEqual(text.count(f'$(call target,{name})'), 1)


class HostFileTest(unittest.TestCase):

	def test_the_host_file_loads_and_says_what_make_builds(self):
		host = targets.load_host()
		self.assertEqual((host.program, host.stages),
				 ('dept-host-test', ['native', 'memcheck', 'drd']))
		text = targets.host_make_variables(host)
		self.assertIn('HOST_DIR := arch-glue/host\n', text)
		self.assertIn('HOST_TEST_STAGES := native,memcheck,drd\n', text)

	def test_an_unknown_stage_is_an_error(self):
		directory = temp_dir(self)
		with open(os.path.join(ROOT, targets.HOST_FILE), encoding='utf-8') as file:
			text = file.read().replace('"drd"]', '"helgrind"]')
		path = os.path.join(directory, 'host.toml')
		with open(path, 'w', encoding='utf-8') as file:
			file.write(text)
		with self.assertRaisesRegex(targets.TargetFileError,
					    'host.toml: tests.stages .*not helgrind'):
			targets.load_host(path)


class BadFileTest(unittest.TestCase):

	def write(self, text: str) -> str:
		directory = temp_dir(self)
		path = os.path.join(directory, 'riscv64.toml')
		with open(path, 'w', encoding='utf-8') as file:
			file.write(text)
		return path

	def good(self) -> str:
		directory = temp_dir(self)
		fragment = os.path.join(directory, 'riscv64.config')
		with open(fragment, 'w', encoding='utf-8') as file:
			file.write('CONFIG_SERIAL_8250=y\n')
		return RISCV64.replace('FRAGMENT', fragment)

	def assert_error(self, text: str, message: str) -> None:
		with self.assertRaisesRegex(targets.TargetFileError,
					    'riscv64.toml: .*' + message):
			targets.load(self.write(text))

	def test_a_good_file_loads(self):
		t = targets.load(self.write(self.good()))
		self.assertEqual((t.name, t.arch, t.soak, t.tests),
				 ('riscv64', 'riscv', 'variant', []))

	def test_bad_files_say_why(self):
		self.assert_error('halt = "reboot"\n', "'build'")
		self.assert_error(self.good().replace('soak = "variant"',
						      'soak = "long"'), 'build.soak')
		self.assert_error(self.good() + '[tests]\ncolour = true\n', 'colour')
		self.assert_error(RISCV64.replace('FRAGMENT', '/nonexistent.config'),
				  'no fragment /nonexistent.config')
		self.assert_error(self.good().replace('sources = ["arch/riscv/"]',
						      'sources = "arch/riscv/"'),
				  'build.sources')

	def test_one_target_is_the_default(self):
		loaded = [targets.load(path) for path in targets.target_paths()]
		self.assertIsNone(targets.check_set(loaded))
		self.assertRegex(targets.check_set(loaded[1:]), 'default = true, not 0')
		self.assertRegex(targets.check_set(loaded + loaded[:1]),
				 'two target files name um')


class NewTargetTest(unittest.TestCase):
	"""make and the tool learn a target from its file alone."""

	def run_tool(self, build: str, files: str, *args: str) -> str:
		result = subprocess.run(
			[sys.executable, '-m', 'harness', '--build-dir', build,
			 '--target-files', files, '--dry-run', *args],
			cwd=ROOT, capture_output=True, text=True, check=False)
		self.assertEqual(result.returncode, 0, result.stderr)
		return result.stdout

	def test_a_new_target_file_is_a_new_target(self):
		directory = temp_dir(self)
		fragment = os.path.join(directory, 'riscv64.config')
		with open(fragment, 'w', encoding='utf-8') as file:
			file.write('CONFIG_SERIAL_8250=y\n')
		path = os.path.join(directory, 'riscv64.toml')
		with open(path, 'w', encoding='utf-8') as file:
			file.write(RISCV64.replace('FRAGMENT', fragment))
		files = f'um-config/um.toml {path}'
		build = os.path.join(directory, 'build')

		config = subprocess.run(
			['make', '-n', '-s', '--no-print-directory', f'BUILD_DIR={build}',
			 f'TARGET_FILES={files}', 'riscv64-config'],
			cwd=ROOT, capture_output=True, text=True, check=False)
		self.assertEqual(config.returncode, 0, config.stderr)
		self.assertIn('configure-kernel.sh', config.stdout)
		self.assertIn(fragment, config.stdout)
		self.assertIn("ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- "
			      "'CC=ccache riscv64-linux-gnu-gcc'", config.stdout)
		run = self.run_tool(build, files, 'run', '--target', 'riscv64')
		self.assertIn('make -s --no-print-directory riscv64-prepared', run)
		self.assertIn(f'--target {path} ', run)
		self.assertIn(f'--kernel {build}/riscv64/arch/riscv/boot/Image ', run)
		self.assertIn('--user-cc riscv64-linux-gnu-gcc ', run)
		self.assertIn('--jobs 1 ', run)
		stages = [line[:-1] for line in
			  self.run_tool(build, files, 'test').splitlines()
			  if not line.startswith(' ')]
		self.assertEqual(stages, ['host', 'unit', 'gdb-unit', 'um', 'riscv64',
					  'um-lockdep-selftests', 'soak-um',
					  'gdb-um', 'kunit'])


if __name__ == '__main__':
	unittest.main()
