# SPDX-License-Identifier: GPL-2.0
"""The stages of make test and make test-full, in order, as objects
(harness/stages.py runs them):

  host       the engine built into a host program (harness/host.mk)
  unit       unit tests of the harness and of bench/
  gdb-unit   unit tests of the gdb commands' output (no gdb)
  T...       for each target T asked for, the scenario suite on its
             kernel; the kernel is built first, and a build that fails
             fails this stage
  T-VARIANT  test-full: the suite on every kernel variant that is not
             make bench's (harness/variants/), or the scenarios its
             fragment names; make test: lockdep's selftests with DEPT's
             verdict on each case (the lockdep-selftests variant) on the
             targets whose file says so
  soak-T     a smoke of make soak: a Debian userspace on T's own kernel,
             a few stress-ng stressors
  gdb-T      the gdb commands against T's kernel, stopped at the report
             of dept-article-xyz
  kunit      the kernel's kunit.py parse reads every stage's KTAP
Which targets have the last stages, their target files say ([tests]).
"""

import glob
import os
import shlex
from typing import List

from harness import bench_plan, commands, variants
from harness.commands import Context
from harness.paths import ROOT
from harness.stages import Stage

PYTHON = commands.PYTHON
# make bench's kernels (the floor, lockdep alone, DEPT alone): not test kernels
BENCH_VARIANTS = tuple(variant for _, variant, _ in bench_plan.KERNEL_COLUMNS
		       if variant)
GDB_SCRIPTS = os.path.join(ROOT, 'gdb-scripts')


def unit_modules(root: str = ROOT) -> List[str]:
	"""Every unit test module of the harness and of bench/."""
	paths = sorted(glob.glob(os.path.join(root, 'harness', '*_test.py'))
		       + glob.glob(os.path.join(root, 'bench', '*_test.py')))
	return [os.path.relpath(path, root)[:-len('.py')].replace(os.sep, '.')
		for path in paths]


def host() -> Stage:
	return Stage('host', ['make', '-s', '--no-print-directory',
			      'host-test-ktap'],
		     build=['make', '-s', '--no-print-directory', 'host-build'])


def unit(context: Context) -> Stage:
	return Stage('unit', [PYTHON, '-m', 'harness.ktap_unittest',
			      *unit_modules()],
		     env={'DEPT_TREE': context.tree})


def gdb_unit() -> Stage:
	return Stage('gdb-unit', [PYTHON, '-m', 'harness.ktap_unittest',
				  'dept.render_test', 'gdb_session_test'],
		     env={'PYTHONPATH': GDB_SCRIPTS})


def suite(context: Context, name: str, variant: str = '',
	  scenarios: List[str] = ()) -> Stage:
	"""The suite (or @scenarios, else those the variant names) on the
	kernel of target @name with @variant; skipped where the variant is
	not built."""
	build = context.build(name, variant)
	only = list(scenarios) or variants.scenarios(variant)
	return Stage(build.dir_name,
		     commands.runner(context, build, build.runs)
		     + (['--only', ','.join(only)] if only else []),
		     build=commands.prepared(context, build), skip=build.skip,
		     folders=(build.out,))


def soak_smoke(context: Context, name: str) -> Stage:
	build = context.build(name)
	work = os.path.join(context.build_dir, 'soak', f'{name}-smoke')
	return Stage(f'soak-{name}',
		     commands.soak(context, build.target, build.out, work)
		     + ['--minutes', '1', '--boots', 'dept-on',
			'--steps', ','.join(commands.SOAK_SMOKE_STEPS)],
		     build=commands.make(context, f'{name}-prepared',
					 commands.rootfs(context, build)),
		     folders=(build.out,))


def gdb(context: Context, name: str) -> Stage:
	build = context.build(name)
	work = os.path.join(context.build_dir, 'runs', f'gdb-{name}', 'test')
	return Stage(f'gdb-{name}', [PYTHON, '-m', 'harness.ktap_unittest',
				     'report_test'],
		     build=commands.prepared(context, build),
		     folders=(build.out,),
		     env={'PYTHONPATH': GDB_SCRIPTS,
			  'DEPT_GDB_SESSION': shlex.join(
				  commands.gdb_session(context, build, work)),
			  'DEPT_GDB_WORK': work})


def kunit(context: Context, names: List[str]) -> Stage:
	"""kunit.py parse over the KTAP files of the stages @names."""
	out = test_out(context)
	return Stage('kunit', [PYTHON, '-m', 'harness.check_kunit_parse',
			       os.path.join(context.tree, 'tools', 'testing',
					    'kunit', 'kunit.py')]
		     + [os.path.join(out, name + '.ktap') for name in names])


def test_out(context: Context) -> str:
	"""Where each stage's KTAP file is kept."""
	return os.path.join(context.build_dir, 'test')


def with_kunit(context: Context, stages: List[Stage]) -> List[Stage]:
	return stages + [kunit(context, [stage.name for stage in stages])]


def test(context: Context, names: List[str], scenarios: List[str] = (),
	 variant: str = '') -> List[Stage]:
	"""make test on the targets @names: with a @variant, the suite on that
	variant's kernels only besides the host and unit stages."""
	stages = [host(), unit(context), gdb_unit()]
	stages += [suite(context, name, variant, scenarios) for name in names]
	if not variant:
		chosen = [context.target(name) for name in names]
		stages += [suite(context, t.name, 'lockdep-selftests')
			   for t in chosen if 'lockdep_selftests' in t.tests]
		stages += [soak_smoke(context, t.name)
			   for t in chosen if 'soak_smoke' in t.tests]
		stages += [gdb(context, t.name)
			   for t in chosen if 'gdb' in t.tests]
	return with_kunit(context, stages)


def test_full(context: Context, names: List[str],
	      scenarios: List[str] = ()) -> List[Stage]:
	"""make test-full: make test's host, unit and gdb stages and suites,
	and the suite on every test variant of every target."""
	chosen = [context.target(name) for name in names]
	stages = [host(), unit(context), gdb_unit()]
	stages += [suite(context, name, '', scenarios) for name in names]
	stages += [suite(context, name, variant, scenarios)
		   for variant in variants.names() if variant not in BENCH_VARIANTS
		   for name in names]
	stages += [gdb(context, t.name) for t in chosen if 'gdb' in t.tests]
	return with_kunit(context, stages)
