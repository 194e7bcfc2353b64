# SPDX-License-Identifier: GPL-2.0
"""Unit tests of the command-line tool (cli.py, test_stages.py,
commands.py): what each command would run, from its dry run, and that
make's goals are aliases of it.  Nothing is built or booted.

Run: python3 -m unittest harness.cli_test
"""

import io
import shlex
import subprocess
import unittest
from contextlib import redirect_stderr, redirect_stdout
from typing import Dict, List

from harness import cli, commands, targets, test_stages
from harness.paths import ROOT


def dry_run(*args: str) -> List[str]:
	"""The lines of the tool's dry run of @args."""
	out = io.StringIO()
	with redirect_stdout(out):
		status = cli.main(['--build-dir', 'b', '--dry-run', *args])
	if status:
		raise AssertionError(f'{args}: status {status}')
	return out.getvalue().splitlines()


def stages_of(lines: List[str]) -> Dict[str, List[str]]:
	"""A dry run of test or test-full: each stage's lines by its name."""
	plan: Dict[str, List[str]] = {}
	name = ''
	for line in lines:
		if line.startswith(' '):
			plan[name].append(line.strip())
		else:
			name = line.rstrip(':').split(':')[0]
			plan[name] = [line]
	return plan


class TestPlanTest(unittest.TestCase):

	def test_every_stage_of_make_test_in_order(self):
		plan = stages_of(dry_run('test'))
		self.assertEqual(list(plan), [
			'host', 'unit', 'gdb-unit', 'um', 'arm64', 'x86_64',
			'um-lockdep-selftests', 'soak-um', 'gdb-um', 'gdb-x86_64',
			'kunit'])
		self.assertIn('build: make -s --no-print-directory x86_64-prepared '
			      'VARIANT= BUILD_DIR=b', plan['x86_64'])
		self.assertTrue(plan['kunit'][1].endswith(
			'b/test/gdb-um.ktap b/test/gdb-x86_64.ktap'))

	def test_a_variant_not_built_for_a_target_is_skipped(self):
		plan = stages_of(dry_run('test', '--targets', 'um,x86_64',
					 '--variant', 'kcsan'))
		self.assertEqual(list(plan), ['host', 'unit', 'gdb-unit', 'um-kcsan',
					      'x86_64-kcsan', 'kunit'])
		self.assertRegex(plan['um-kcsan'][0], '^um-kcsan: SKIP KCSAN needs')
		self.assertEqual(len(plan['um-kcsan']), 1)  # neither built nor run
		self.assertIn('build: make -s --no-print-directory x86_64-prepared '
			      'VARIANT=kcsan BUILD_DIR=b', plan['x86_64-kcsan'])

	def test_test_full_runs_the_test_variants_not_the_bench_ones(self):
		plan = stages_of(dry_run('test-full', '--targets', 'um'))
		variants = [name[len('um-'):] for name in plan
			    if name.startswith('um-')]
		self.assertIn('lockdep-selftests', variants)
		self.assertIn('soak', variants)
		for bench in test_stages.BENCH_VARIANTS:
			self.assertNotIn(bench, variants)
		# a variant's own scenarios, from its fragment
		self.assertTrue(plan['um-soak'][2].endswith('--only boot,fs-workload'))

	def test_only_some_stages(self):
		plan = stages_of(dry_run('test', '--stages', 'gdb-unit,um'))
		self.assertEqual(list(plan), ['gdb-unit', 'um', 'kunit'])
		self.assertTrue(plan['kunit'][1].endswith(
			'b/test/gdb-unit.ktap b/test/um.ktap'))

	def test_bad_names_are_errors(self):
		for args in (['test', '--targets', 'um,riscv'],
			     ['test', '--stages', 'nope'],
			     ['run', '--variant', 'bogus'],
			     ['run', '--target', 'arm64', '--variant', 'kcsan'],
			     ['test', '--colour']):
			with self.subTest(args=args), redirect_stdout(io.StringIO()), \
			     redirect_stderr(io.StringIO()):
				try:
					status = cli.main(['--dry-run', *args])
				except SystemExit as leave:  # argparse's own errors
					status = leave.code
				self.assertEqual(status, 2)


class RunTest(unittest.TestCase):

	def test_run_builds_then_runs_the_quick_suite(self):
		build, run = dry_run('run')
		self.assertEqual(build, 'make -s --no-print-directory um-prepared '
				 'VARIANT= BUILD_DIR=b')
		self.assertIn('-m harness.runner --target um-config/um.toml ', run)
		self.assertTrue(run.endswith('--show-reports --summary --quick'), run)

	def test_a_named_scenario_shows_its_console(self):
		run = dry_run('run', '--target', 'arm64', '--scenario', 'boot')[1]
		self.assertIn('--busybox b/busybox/arm64/busybox ', run)
		self.assertTrue(run.endswith('--only boot --show-console'), run)

	def test_runner_options_pass_through(self):
		run = dry_run('scenarios', '--variant', 'floor', '--work', 'w',
			      '--only', 'dept-bench', '--cmdline', 'dept=off')[0]
		self.assertIn('--out b/um-floor --kernel b/um-floor/linux --work w ',
			      run)
		self.assertTrue(run.endswith('--only dept-bench --cmdline dept=off'))


class SoakTest(unittest.TestCase):

	def test_the_soak_kernel_is_the_target_files_choice(self):
		context = commands.Context(targets.load_all(), 'b')
		um, x86 = context.target('um'), context.target('x86_64')
		self.assertEqual(commands.soak_kernel_out(context, um), 'b/um-soak')
		self.assertEqual(commands.soak_kernel_out(context, um, floor=True),
				 'b/um-soak+floor')
		self.assertEqual(commands.soak_kernel_out(context, x86),
				 'b/full/x86_64-dept-y')
		build, soak = dry_run('soak', '--target', 'x86_64', '--minutes', '3')
		self.assertEqual(build, 'make -s --no-print-directory '
				 'full-config-x86_64-y FULL_CONFIG_W1=n '
				 'b/rootfs/amd64.tar VARIANT= BUILD_DIR=b')
		self.assertIn('--kernel b/full/x86_64-dept-y/arch/x86/boot/bzImage ',
			      soak)
		self.assertTrue(soak.endswith('--minutes 3'))


class BenchTest(unittest.TestCase):
	"""make bench's command line: python3 -m bench run's arguments."""

	def bench(self, *args: str) -> List[str]:
		lines = dry_run('bench', '--host', 'h', *args)
		self.assertEqual(len(lines), 1)
		return shlex.split(lines[0])

	@staticmethod
	def values(argv: List[str], option: str) -> List[str]:
		return [argv[i + 1] for i, word in enumerate(argv) if word == option]

	def test_five_kernel_columns_per_target(self):
		argv = self.bench('--targets', 'um,x86_64', '--no-workload',
				  '--no-harness')
		self.assertEqual(argv[1:4], ['-m', 'bench', 'run'])
		labels = [boot.split('=', 1)[0] for boot in self.values(argv, '--boot')]
		self.assertEqual(labels, [
			f'{t}:{c}:b/bench/runs/{t}/{c}' for t in ('um', 'x86_64')
			for c in ('on', 'off', 'floor', 'lockdep', 'alone')])
		off = self.values(argv, '--boot')[1]
		self.assertTrue(off.endswith('--only dept-bench --cmdline dept=off'))
		self.assertIn('--out b/um-floor ', self.values(argv, '--boot')[2])
		self.assertIn('um:alone=make -s --no-print-directory um-prepared '
			      'VARIANT=dept-alone BUILD_DIR=b',
			      self.values(argv, '--build'))
		self.assertEqual(self.values(argv, '--harness'), [])

	def test_workload_on_the_soak_kernels(self):
		argv = self.bench('--targets', 'x86_64', '--no-harness')
		builds = self.values(argv, '--workload-build')
		self.assertEqual(builds[2], 'x86_64:floor=make -s --no-print-directory '
				 'full-config-x86_64-floor FULL_CONFIG_W1=n '
				 'b/rootfs/amd64.tar VARIANT= BUILD_DIR=b')
		off = self.values(argv, '--workload')[1]
		self.assertTrue(off.startswith('x86_64:off:b/bench/workload/x86_64/off='))
		self.assertIn('--kernel-out b/full/x86_64-dept-y ', off)
		self.assertIn('--boots dept-off --steps stress-ng/pipe,', off)

	def test_the_workload_alone(self):
		argv = self.bench('--targets', 'x86_64', '--no-kernel', '--no-host',
				  '--no-harness', '--document', 'd.md')
		self.assertEqual(self.values(argv, '--boot'), [])
		self.assertEqual(self.values(argv, '--host'), [])
		self.assertEqual(self.values(argv, '--document'), ['d.md'])
		self.assertEqual(len(self.values(argv, '--workload')), 3)

	def test_harness_times_and_why_some_are_not(self):
		argv = self.bench('--targets', 'um,x86_64', '--no-workload')
		timed = [h.split('=', 1)[0] for h in self.values(argv, '--harness')]
		self.assertEqual(timed, ['edit-to-verdict:um', 'edit-to-kernel:um',
					 'suite-full:um', 'make-test-warm:um'])
		edit = self.values(argv, '--harness')[0]
		self.assertIn('touch b/linux/kernel/dependency/dept.c && make ', edit)
		self.assertTrue(edit.endswith('--summary --quick'))
		missing = self.values(argv, '--missing')
		self.assertIn('harness:make-test-warm:x86_64:wall:s=not measured: '
			      'BENCH_HARNESS_TARGETS=x86_64 measures it', missing)
		self.assertEqual(len(missing), 3)  # warm x86_64, cold on both
		self.assertEqual(self.values(argv, '--suite'),
				 ['um=b/bench/runs/um/suite'])


class MakeAliasTest(unittest.TestCase):
	"""make's goals call the tool with make's variables as options."""

	def make_n(self, *args: str) -> str:
		result = subprocess.run(['make', '-n', '-s', '--no-print-directory',
					 *args], cwd=ROOT, capture_output=True,
					text=True, check=False)
		self.assertEqual(result.returncode, 0, result.stderr)
		# the recipe's last command, its continued lines joined
		last = result.stdout.replace('\\\n', ' ').splitlines()[-1]
		return ' '.join(last.split())

	def test_aliases(self):
		self.assertRegex(self.make_n('test', 'TARGETS=um', 'STAGES=unit',
					     'JOBS=2'),
				 r'^python3 -m harness --build-dir build --jobs 2 .*'
				 r'test --targets um --stages unit$')
		self.assertRegex(self.make_n('run', 'SCENARIO=boot', 'KVM=1'),
				 r'^python3 -m harness .*--kvm .*run --target um '
				 r'--scenario boot$')
		self.assertRegex(self.make_n('soak', 'TARGET=arm64'),
				 r' soak --target arm64 --minutes 12 --summary$')


if __name__ == '__main__':
	unittest.main()
