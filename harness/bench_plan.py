# SPDX-License-Identifier: GPL-2.0
"""What make bench measures, as the arguments of python3 -m bench run
(bench/__main__.py documents them; bench runs each command it is given
through the shell, so each is given as one quoted line).

Per target of the bench:
  in-kernel   scenarios/dept-bench (only-for bench) booted on five
              kernels: DEPT on; the same kernel with dept=off; the floor
              (no lock debugging); lockdep alone; DEPT alone (no
              PROVE_LOCKING), where that variant exists
  workload    the soak's kernel booted from its Debian root disk with the
              stressors below for a minute in all: DEPT on, dept=off, its
              floor (the same configuration without DEPT and lockdep)
and, for the default target (harness/targets.py), the harness's own
times: touch the engine in the tree, rebuild, run the suite to its final
line as make run does, the long tail skipped (edit-to-verdict, measured
warm: after one unmeasured run, as in a loop); the rebuild alone
(edit-to-kernel); the whole suite, long tail included, whose guests print
DEPT's pools at their end (suite-full: the memory after the suite, read
from their consoles in a work folder of its own); and make test on a
target with nothing to rebuild (warm) and, asked for, from an empty build
folder and an empty ccache folder of its own (cold: every object
compiled).
"""

import os
import shlex
from typing import List, Optional

from harness import commands, variants
from harness.commands import Context

# the kernels of the in-kernel columns: (column, variant, kernel parameters)
KERNEL_COLUMNS = (('on', '', ''), ('off', '', 'dept=off'),
		  ('floor', 'floor', ''), ('lockdep', 'lockdep', ''),
		  ('alone', 'dept-alone', ''))
# (column, the soak's floor kernel, boot mode of harness/soak.py)
WORKLOAD_COLUMNS = (('on', False, 'dept-on'), ('off', False, 'dept-off'),
		    ('floor', True, 'dept-on'))
# stressors of the kernel's locking that every target runs
WORKLOAD_STEPS = ('stress-ng/pipe', 'stress-ng/fork', 'stress-ng/futex',
		  'stress-ng/flock', 'stress-ng/open', 'stress-ng/dentry',
		  'stress-ng/mmap', 'stress-ng/switch')
WORKLOAD_MINUTES = 1
COLD = ('BENCH_COLD=1 measures it on BENCH_HARNESS_TARGETS (the tree and '
	'the kernel from scratch, an empty ccache)')


def line(*commands_: List[str]) -> str:
	"""Commands as one shell line, each run if the one before succeeded."""
	return ' && '.join(shlex.join(command) for command in commands_)


def kernel_columns(context: Context, name: str, out: str) -> List[str]:
	args = []
	for column, variant, cmdline in KERNEL_COLUMNS:
		if variant and variant not in variants.names():
			continue
		build = context.build(name, variant)
		work = os.path.join(out, 'runs', name, column)
		boot = commands.runner(context, build, work) + [
			'--only', 'dept-bench'] + (['--cmdline', cmdline] if cmdline else [])
		args += ['--build', f'{name}:{column}=' +
			 line(commands.prepared(context, build)),
			 '--boot', f'{name}:{column}:{work}=' + line(boot)]
	return args


def workload_columns(context: Context, name: str, out: str) -> List[str]:
	target = context.target(name)
	args = []
	for column, floor, boots in WORKLOAD_COLUMNS:
		work = os.path.join(out, 'workload', name, column)
		kernel_out = commands.soak_kernel_out(context, target, floor)
		soak = commands.soak(context, target, kernel_out, work) + [
			'--minutes', str(WORKLOAD_MINUTES), '--boots', boots,
			'--steps', ','.join(WORKLOAD_STEPS)]
		args += ['--workload-build', f'{name}:{column}=' +
			 line(commands.soak_build(context, target, floor)),
			 '--workload', f'{name}:{column}:{work}=' + line(soak)]
	return args


def harness_figures(context: Context, names: List[str], out: str,
		    measured: List[str], cold: bool) -> List[str]:
	"""The harness's own times, and why those not measured are not."""
	default = context.build(context.default)
	dept_c = os.path.join(context.tree, 'kernel', 'dependency', 'dept.c')
	rebuild = [['touch', dept_c], commands.prepared(context, default)]
	suite_work = os.path.join(out, 'runs', default.target.name, 'suite')

	def suite(work: str) -> List[str]:
		return commands.runner(context, default, work) + ['--summary']

	def make_test(name: str, build_dir: str = '') -> List[str]:
		return ['make', '-s', '--no-print-directory', 'test',
			f'TARGETS={name}'] + ([f'BUILD_DIR={build_dir}']
					      if build_dir else [])

	timed = [('edit-to-verdict', default.target.name, line(*rebuild, suite(
			os.path.join(out, 'runs', default.target.name, 'edit'))
			+ ['--quick'])),
		 ('edit-to-kernel', default.target.name, line(*rebuild)),
		 ('suite-full', default.target.name, line(
			 suite(suite_work) + ['--cmdline', 'HARNESS_DEPT_STATS=1']))]
	missing = []
	cold_dir = os.path.join(out, 'cold')
	# absolute: kbuild compiles in the kernel's output folder, where a
	# relative CCACHE_DIR names another cache (empty too, but not this one)
	cold_ccache = os.path.abspath(os.path.join(out, 'cold-ccache'))
	for name in names:
		if name in measured:
			timed.append(('make-test-warm', name, line(make_test(name))))
		else:
			missing.append(('make-test-warm', name,
					f'BENCH_HARNESS_TARGETS={name} measures it'))
		if cold and name in measured:
			timed.append(('make-test-cold', name, line(
				['rm', '-rf', cold_dir, cold_ccache],
				['env', f'CCACHE_DIR={cold_ccache}']
				+ make_test(name, cold_dir))))
		else:
			missing.append(('make-test-cold', name, COLD))
	args = []
	for name, target, command in timed:
		args += ['--harness', f'{name}:{target}={command}']
	for name, target, why in missing:
		args += ['--missing', f'harness:{name}:{target}:wall:s=not '
			 f'measured: {why}']
	return args + ['--warm-up', 'edit-to-verdict',
		       '--suite', f'{default.target.name}={suite_work}']


def bench_run(context: Context, names: List[str], out: str, runs: int,
	      host: Optional[str], document: str, measured: List[str],
	      cold: bool, kernel: bool, workload: bool,
	      harness: bool) -> List[str]:
	"""The command line of python3 -m bench run: the in-kernel group
	(with @kernel), the workload's, the host program's (given @host) and
	the harness's times."""
	args = [commands.PYTHON, '-m', 'bench', 'run', '--out', out,
		'--document', document, '--runs', str(runs)]
	if host:
		args += ['--host', host]
	if kernel:
		for name in names:
			args += kernel_columns(context, name, out)
	if workload:
		for name in names:
			args += workload_columns(context, name, out)
	if harness:
		args += harness_figures(context, names, out, measured, cold)
	return args
