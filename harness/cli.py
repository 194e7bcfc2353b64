# SPDX-License-Identifier: GPL-2.0
"""The harness's command-line tool: every command a user runs, on the
targets their files describe (harness/targets.py).  make's goals of the
same names call it (the Makefile), after make has prepared the tree;
what a command boots, it first has make build.

  run        the suite (or some scenarios) on one target, as a user reads
             it: every kernel report in full, a summary, the last line
  test       every test stage on the targets (harness/test_stages.py):
             one KTAP document, then 'N passed, N failed'
  test-full  test, plus the suite on every kernel variant
  scenarios  the scenario runner on a target's kernel, every argument of
             harness/runner.py filled in but which scenarios and how
             shown (make bench and the gdb session run it so)
  soak       a whole kernel under a Debian userspace (harness/soak.py)
  bench      what DEPT costs (harness/bench_plan.py, bench/)
  gdb        a target's guest under gdb with DEPT's commands

usage: python3 -m harness [--build-dir DIR] [--jobs N] [--kvm]
		[--dry-run] [--scenario-dir DIR]... COMMAND [OPTIONS]
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from typing import List

from harness import bench_plan, commands, stages, targets, test_stages
from harness import variants
from harness.commands import Context

QUICK = '--quick'


def names(text: str) -> List[str]:
	"""A comma list ('' for none)."""
	return [name for name in text.split(',') if name]


def call(context: Context, command: List[str]) -> int:
	"""Run a command, its output the tool's own; its exit status.  A dry
	run prints it instead.  A Ctrl-C reaches the command too, which
	decides what it means (gdb stops the guest and goes on): the tool
	waits for it rather than kill it."""
	if context.dry_run:
		print(shlex.join(command))
		return 0
	sys.stdout.flush()
	with subprocess.Popen(command) as process:
		while True:
			try:
				return process.wait()
			except KeyboardInterrupt:
				continue


def run_built(context: Context, build: List[str], command: List[str]) -> int:
	"""@command once @build succeeded, else @build's status."""
	status = call(context, build)
	return status or call(context, command)


def run_stages(context: Context, plan: List[stages.Stage],
	       only: List[str]) -> int:
	"""The stages (those named in @only, if any, and kunit.py's check of
	them) as one KTAP document; a dry run prints each stage's build and
	command instead."""
	if only:
		known = [stage.name for stage in plan[:-1]]
		unknown = [name for name in only if name not in known]
		if unknown:
			raise ValueError(f'no stage {", ".join(unknown)}; this run '
					 f'has {" ".join(known)}')
		plan = test_stages.with_kunit(context, [
			stage for stage in plan[:-1] if stage.name in only])
	if not context.dry_run:
		return stages.run(test_stages.test_out(context), plan)
	for stage in plan:
		env = ''.join(f'{key}={shlex.quote(value)} '
			      for key, value in stage.env.items())
		if stage.skip:
			print(f'{stage.name}: SKIP {stage.skip}')
			continue
		print(f'{stage.name}:')
		if stage.build:
			print(f'  build: {shlex.join(stage.build)}')
		print(f'  run: {env}{shlex.join(stage.command)}')
	return 0


def cmd_run(context: Context, args: argparse.Namespace,
	    extra: List[str]) -> int:
	build = context.build(args.target or context.default, args.variant)
	if build.skip:
		raise ValueError(f'variant {args.variant} is not built for '
				 f'{build.target.name}: {build.skip}')
	only = ([args.scenario] if args.scenario else names(args.scenarios)
		or variants.scenarios(args.variant))
	command = commands.runner(context, build, build.runs) + [
		'--show-reports', '--summary']
	command += ['--only', ','.join(only)] if only else []
	command += ['--show-console'] if args.scenario else []
	command += ['--graph'] if args.graph else []
	# the long tail waits for make test, unless asked for or named
	command += [] if args.long or only else [QUICK]
	return run_built(context, commands.prepared(context, build), command + extra)


def cmd_test(context: Context, args: argparse.Namespace,
	     extra: List[str]) -> int:
	chosen = names(args.targets) or context.names
	for name in chosen:
		context.target(name)
	plan = test_stages.test(context, chosen, names(args.scenarios),
				args.variant)
	return run_stages(context, plan, names(args.stages))


def cmd_test_full(context: Context, args: argparse.Namespace,
		  extra: List[str]) -> int:
	chosen = names(args.targets) or context.names
	for name in chosen:
		context.target(name)
	plan = test_stages.test_full(context, chosen, names(args.scenarios))
	return run_stages(context, plan, names(args.stages))


def cmd_scenarios(context: Context, args: argparse.Namespace,
		  extra: List[str]) -> int:
	build = context.build(args.target or context.default, args.variant)
	return call(context, commands.runner(context, build, args.work or build.runs,
				    args.kernel_out) + extra)


def cmd_soak(context: Context, args: argparse.Namespace,
	     extra: List[str]) -> int:
	target = context.target(args.target or context.default)
	kernel_out = commands.soak_kernel_out(context, target, args.floor)
	work = args.work or os.path.join(context.build_dir, 'soak', target.name)
	build = commands.soak_build(context, target, args.floor)
	if args.build_only:
		return call(context, build)
	command = commands.soak(context, target, kernel_out, work) + extra
	return (call(context, command) if args.no_build
		else run_built(context, build, command))


def cmd_bench(context: Context, args: argparse.Namespace,
	      extra: List[str]) -> int:
	chosen = names(args.targets) or [context.default]
	for name in chosen:
		context.target(name)
	out = os.path.join(context.build_dir, 'bench')
	results = os.path.join(out, 'results.json')
	if not context.dry_run:
		os.makedirs(out, exist_ok=True)
		if os.path.exists(results):
			shutil.copyfile(results, os.path.join(out, 'previous.json'))
	return call(context, bench_plan.bench_run(
		context, chosen, out, args.runs,
		None if args.no_host else args.host, args.document,
		names(args.harness_targets) or [context.default], args.cold,
		not args.no_kernel, not args.no_workload, not args.no_harness))


def cmd_gdb(context: Context, args: argparse.Namespace,
	    extra: List[str]) -> int:
	build = context.build(args.target or context.default)
	if not build.target.gdb_table:
		raise ValueError(f'gdb does not know how to reach target '
				 f'{build.target.name} (no [gdb] table in '
				 f'{build.target.path})')
	work = os.path.join(context.build_dir, 'runs', f'gdb-{build.target.name}')
	command = commands.gdb_session(context, build, work)
	command += ['--scenario', args.scenario, '--report'] if args.scenario else []
	return run_built(context, commands.prepared(context, build), command + extra)


def parser() -> argparse.ArgumentParser:
	top = argparse.ArgumentParser(
		prog='python3 -m harness', description=__doc__,
		formatter_class=argparse.RawDescriptionHelpFormatter)
	top.add_argument('--build-dir',
			 default=os.environ.get('BUILD_DIR') or 'build')
	top.add_argument('--jobs', type=int, default=0,
			 help='scenarios booted at once (default: two per CPU, '
			 'at most 8, where a target file says parallel, else 1)')
	top.add_argument('--kvm', action='store_true',
			 help='QEMU targets: try KVM, fall back to TCG')
	top.add_argument('--target-files', default='',
			 help='the target files, space-separated (default: '
			 'every one)')
	top.add_argument('--dry-run', action='store_true',
			 help='print the commands instead of running them')
	top.add_argument('--scenario-dir', action='append', default=[],
			 help='a folder of scenarios (repeatable; default '
			 'scenarios)')
	sub = top.add_subparsers(dest='command', required=True)

	def command(name, function, text, passes=None):
		"""A command; @passes: what its unknown options are passed to."""
		this = sub.add_parser(name, help=text, description=text + (
			f' Other options are passed to {passes}.' if passes else ''))
		this.set_defaults(function=function, passes=passes)
		return this

	run = command('run', cmd_run, 'The suite or some scenarios on one '
		      'target, every report in full.', 'harness/runner.py')
	run.add_argument('--target', default='')
	run.add_argument('--variant', default='')
	run.add_argument('--scenario', default='',
			 help='only this one, its whole console shown')
	run.add_argument('--scenarios', default='', help='only these (a,b)')
	run.add_argument('--long', action='store_true',
			 help="the long tail too (expect: 'long')")
	run.add_argument('--graph', action='store_true',
			 help="save DEPT's graph beside each console")

	test = command('test', cmd_test, 'Every test stage on the targets.')
	test.add_argument('--targets', default='', help='a,b (default: all)')
	test.add_argument('--scenarios', default='', help='only these (a,b)')
	test.add_argument('--stages', default='',
			  help='only these stages (a,b; kunit.py checks them)')
	test.add_argument('--variant', default='',
			  help='the suite on this variant of each target')

	full = command('test-full', cmd_test_full,
		       'test, plus the suite on every kernel variant.')
	full.add_argument('--targets', default='', help='a,b (default: all)')
	full.add_argument('--scenarios', default='', help='only these (a,b)')
	full.add_argument('--stages', default='', help='only these stages (a,b)')

	scenarios = command('scenarios', cmd_scenarios, "The scenario runner "
			    "on a target's kernel, nothing built.",
			    'harness/runner.py')
	scenarios.add_argument('--target', default='')
	scenarios.add_argument('--variant', default='')
	scenarios.add_argument('--kernel-out', default='',
			       help='the kernel built here instead (make bench)')
	scenarios.add_argument('--work', default='',
			       help='guests and consoles here')

	soak = command('soak', cmd_soak, 'A whole kernel under a Debian '
		       'userspace and stress-ng.', 'harness/soak.py')
	soak.add_argument('--target', default='')
	soak.add_argument('--floor', action='store_true',
			  help='its kernel without DEPT and lockdep')
	soak.add_argument('--work', default='')
	soak.add_argument('--build-only', action='store_true')
	soak.add_argument('--no-build', action='store_true')

	bench = command('bench', cmd_bench, 'What DEPT costs: the figures of '
			'harness/bench_plan.py, the latest run kept as '
			'previous.json.')
	bench.add_argument('--targets', default='',
			   help='a,b (default: the default target)')
	bench.add_argument('--runs', type=int, default=5)
	bench.add_argument('--host', required=True,
			   help='the host benchmark program')
	bench.add_argument('--document', default='docs/bench-results.md')
	bench.add_argument('--harness-targets', default='',
			   help='make test timed on these (default: the '
			   'default target)')
	bench.add_argument('--cold', action='store_true',
			   help='make test timed cold too')
	bench.add_argument('--no-kernel', action='store_true')
	bench.add_argument('--no-workload', action='store_true')
	bench.add_argument('--no-host', action='store_true')
	bench.add_argument('--no-harness', action='store_true')

	gdb = command('gdb', cmd_gdb, "A target's guest under gdb.",
		      'gdb-scripts/gdb_session.py')
	gdb.add_argument('--target', default='')
	gdb.add_argument('--scenario', default='',
			 help="boot it and stop at DEPT's report")
	return top


def main(argv: List[str]) -> int:
	args, extra = parser().parse_known_args(argv)
	if extra and not args.passes:
		parser().error(f'unrecognized arguments: {" ".join(extra)}')
	try:
		context = Context(targets.load_all(args.target_files.split()),
				  args.build_dir,
				  args.jobs or None, args.kvm,
				  args.scenario_dir or ['scenarios'],
				  os.environ.get('KBUILD_CCACHE', 'ccache'),
				  args.dry_run)
		return args.function(context, args, extra)
	except (targets.TargetFileError, variants.UnknownVariant,
		commands.UnknownTarget, ValueError) as error:
		print(f'harness: error: {error}', file=sys.stderr)
		return 2
