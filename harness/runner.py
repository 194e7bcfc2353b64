# SPDX-License-Identifier: GPL-2.0
"""Run scenarios on one target, one fresh boot each, and print KTAP.

Every argument is explicit; 'python3 -m harness scenarios' (harness/cli.py)
fills them in from a target's name.

usage: python3 -m harness.runner --target T.toml --tree DIR --out DIR --work DIR
		--gen-init-cpio PROG [--busybox PROG] [--user-cc CC]
		[--make-args ARGS] [--scenario-dir DIR]... [--only A,B] [--kvm]
		[--show-console] [--show-reports] [--graph] [--summary]
		[--cmdline PARAMS] [--boot-command-to FILE] [--jobs N] [--quick]
"""

import argparse
import functools
import json
import os
import shlex
import sys
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

from harness import console as console_parser
from harness import disk, initramfs, modules, programs, scenario, target
from harness import dept_decode, dept_graph, report_cli
from harness import kconfig, schedule, verdict
from harness.accel import Accelerator
from harness.calibration import Calibration
from harness.expectation import Expectation
from harness.ktap import KtapWriter
from harness.paths import SCENARIOS_DIR

GUEST_INIT = os.path.join(SCENARIOS_DIR, 'guest', 'init')
GUEST_TOOLS = [os.path.join(SCENARIOS_DIR, 'guest', tool)
	       for tool in ('dept-edges', 'dept-pools')]
QUICK_SKIP = 'SKIP long tail: make test runs it, as make run LONG=1 does'


@dataclass
class Outcome:
	ok: bool
	directive: Optional[str] = None
	diagnostics: List[str] = field(default_factory=list)


def parse_args(argv: List[str]) -> argparse.Namespace:
	parser = argparse.ArgumentParser(prog='harness.runner', description=__doc__,
					 formatter_class=argparse.RawDescriptionHelpFormatter)
	parser.add_argument('--target', required=True, help='target TOML file')
	parser.add_argument('--tree', required=True, help='prepared kernel tree')
	parser.add_argument('--out', required=True, help='kernel output directory')
	parser.add_argument('--kernel', required=True, help='kernel image to boot')
	parser.add_argument('--work', required=True,
			    help='where each scenario keeps its build and console log')
	parser.add_argument('--gen-init-cpio', required=True)
	parser.add_argument('--busybox', default='/bin/busybox',
			    help="static busybox of the guest's architecture")
	parser.add_argument('--user-cc', default='gcc',
			    help="C compiler of the guest's architecture for "
			    'user programs (shell words)')
	parser.add_argument('--make-args', default='',
			    help='extra make arguments for module builds (shell words)')
	parser.add_argument('--scenario-dir', action='append', default=[],
			    help='a folder of scenarios (repeatable)')
	parser.add_argument('--only', default='',
			    help='comma-separated scenario names (default: the '
			    "suite, all but those 'only-for' a tool)")
	parser.add_argument('--kvm', action='store_true',
			    help='try KVM, fall back if the guest does not boot')
	parser.add_argument('--show-console', action='store_true',
			    help="copy each guest's console to stderr as it runs")
	parser.add_argument('--show-reports', action='store_true',
			    help='print every kernel report in full as diagnostics')
	parser.add_argument('--graph', action='store_true',
			    help="save DEPT's graph at the scenario's end as "
			    'graph.dot and a picture (harness/dept_graph.py)')
	parser.add_argument('--summary', action='store_true',
			    help="end with the line 'N passed, N failed' "
			    "(', N skipped' when some were)")
	parser.add_argument('--cmdline', default='',
			    help='more kernel parameters for the guest')
	parser.add_argument('--boot-command-to', metavar='FILE',
			    help='prepare the guest but do not boot it: write '
			    'its boot command, timeout and the classes of the '
			    'DEPT report it expects to FILE (JSON), for a '
			    'debugger to boot it (gdb-scripts/)')
	parser.add_argument('--quick', action='store_true',
			    help="skip the long tail (expect: 'long'), each a "
			    'skipped test')
	parser.add_argument('--jobs', type=int, default=1, metavar='N',
			    help='prepare and boot up to N scenarios at once '
			    '(the output is that of one at a time)')
	return parser.parse_args(argv)


def guest_started(line: str) -> bool:
	"""The guest's /init has started the scenario: the guest is up."""
	return bool(console_parser.START_MARKER.match(
		console_parser.strip_timestamp(line)))


def boot_guest(args: argparse.Namespace, machine: target.Target,
	       accel: Accelerator, command_args, images: List[str],
	       timeout: int, log_path: str) -> target.Boot:
	"""Boot once; again with the fallback accelerator if KVM failed."""
	while True:
		boot = target.boot(machine.boot_command(*command_args, accel.current,
							images),
				   timeout, log_path, args.show_console,
				   ready=guest_started, ready_within=accel.ready_within)
		if not accel.judge_trial(boot.ready):
			return boot


def dept_classes(loaded: scenario.Scenario) -> List[str]:
	"""The classes of the first DEPT report the scenario expects, for a
	debugger to stop at that report."""
	return next((sorted(r.classes) for r in loaded.expectation.reports
		     if r.detector == 'dept' and r.classes), [])


def guest_cmdline(loaded: scenario.Scenario, halt: str, extra: str,
		  devices: Sequence[str] = (), graph: bool = False) -> str:
	"""The guest's kernel parameters: the harness's (with the devices of
	the scenario's disks), those given to the runner (--cmdline), then
	those of the scenario's 'cmdline' statements."""
	words = [f'HARNESS_SCENARIO={loaded.name}', f'HARNESS_HALT={halt}']
	words += [f'HARNESS_DISK{i}={device}' for i, device in enumerate(devices)]
	words += [extra] if extra else []
	# /init dumps DEPT's graph for the 'edge' statements (guest/init)
	words += ['HARNESS_DEPT_EDGES=1'] if loaded.expectation.edges or graph \
		else []
	return ' '.join(words + loaded.expectation.cmdline)


@dataclass
class Admission:
	"""A scenario loaded and the expectation it is judged by on this
	kernel, or the outcome that ends it before anything is built (it
	cannot be read, or it is skipped)."""
	loaded: Optional[scenario.Scenario] = None
	expectation: Optional[Expectation] = None
	outcome: Optional[Outcome] = None


def admit(args: argparse.Namespace, name: str, path: str) -> Admission:
	try:
		loaded = scenario.load(name, path)
	except scenario.ScenarioError as error:
		return Admission(outcome=Outcome(False,
						 diagnostics=[f'{name}: {error}']))
	expectation = loaded.expectation
	config = os.path.join(args.out, '.config')
	try:
		absent = kconfig.missing(expectation.needs, config)
		if expectation.console_when and not absent:
			expectation = expectation.for_kernel(kconfig.enabled(config))
	except kconfig.KconfigError as error:
		return Admission(outcome=Outcome(False,
						 diagnostics=[f'{name}: {error}']))
	if absent:
		return Admission(outcome=Outcome(
			True, kconfig.skip_reason(absent),
			[f'{name}: {loaded.description}']))
	if args.quick and expectation.long:
		return Admission(outcome=Outcome(
			True, QUICK_SKIP, [f'{name}: {loaded.description}']))
	return Admission(loaded, expectation)


def build_modules_at_once(args: argparse.Namespace, names: List[str],
			  known: dict) -> List[str]:
	"""The modules of every scenario that will boot, built in one kbuild
	run before the first boot (modules.build_all()); the diagnostics."""
	admitted = [admit(args, name, known[name]) for name in names
		    if name in known]
	problem = modules.build_all(
		[one.loaded for one in admitted if one.loaded], args.tree,
		args.out, shlex.split(args.make_args), args.work,
		os.cpu_count() or 1)
	return [problem] if problem else []


def run_scenario(args: argparse.Namespace, machine: target.Target,
		 accel: Accelerator, name: str, path: str,
		 calibration: Optional[Calibration] = None) -> Outcome:
	admitted = admit(args, name, path)
	if admitted.outcome:
		return admitted.outcome
	loaded, expectation = admitted.loaded, admitted.expectation
	work = os.path.join(args.work, name)
	os.makedirs(work, exist_ok=True)
	diagnostics = [f'{name}: {loaded.description}']
	try:
		kos = modules.build(loaded, args.tree, args.out,
				    shlex.split(args.make_args), work)
		executables = programs.build(loaded, shlex.split(args.user_cc), work)
	except modules.BuildError as error:
		message, lines = error.args
		return Outcome(False, diagnostics=diagnostics + [message] +
			       verdict.quote(lines, len(lines)))
	try:
		devices = machine.disk_devices(len(loaded.expectation.disks))
		images = disk.make_all(loaded.expectation.disks, work)
	except (target.TargetError, disk.DiskError) as error:
		return Outcome(False, diagnostics=diagnostics + [str(error)])
	guest_files = kos + executables + (
		[loaded.run_script] if loaded.run_script else [])
	initrd = os.path.join(work, 'initramfs.cpio')
	initramfs.write(initrd, args.gen_init_cpio, args.busybox, GUEST_INIT,
			guest_files, GUEST_TOOLS)
	log_path = os.path.join(work, 'console.log')
	extra = ' '.join(filter(None, (
		calibration.cmdline() if calibration else '', args.cmdline)))
	command_args = (os.path.abspath(args.kernel), os.path.abspath(initrd),
			guest_cmdline(loaded, machine.halt, extra, devices,
				      args.graph))
	if args.boot_command_to:
		with open(args.boot_command_to, 'w', encoding='utf-8') as file:
			json.dump({'command': machine.boot_command(*command_args,
								   accel.current,
								   images),
				   'timeout': loaded.expectation.timeout,
				   'dept_classes': dept_classes(loaded)}, file)
		return Outcome(True, diagnostics=diagnostics + [
			f'not booted; boot command in {args.boot_command_to}'])
	boot = boot_guest(args, machine, accel, command_args, images,
			  loaded.expectation.timeout, log_path)
	diagnostics += accel.take_notes()
	if calibration:
		calibration.learn(boot.console.splitlines())
	seen = console_parser.parse(boot.console, name)
	for report in seen.reports:
		diagnostics.append(f'seen: {report.describe()}')
		if args.show_reports:
			diagnostics += verdict.quote(report.lines, len(report.lines))
	if args.show_reports:
		diagnostics += decode_reports(args, seen, work)
	if args.graph:
		diagnostics += save_graph(seen, work)
	if boot.timed_out:
		return Outcome(False, 'TIMEOUT', diagnostics + [
			f'the guest did not finish within {loaded.expectation.timeout} s'
			f'; console log: {log_path}'] +
			verdict.quote(seen.lines[-verdict.QUOTED_LINES:]))
	diagnostics += [f'console: {line}' for line in
			verdict.console_matches(expectation, seen)]
	problems = verdict.judge(expectation, seen)
	if problems:
		return Outcome(False, diagnostics=diagnostics + problems +
			       [f'console log: {log_path}'])
	return Outcome(True, diagnostics=diagnostics)


def decode_reports(args: argparse.Namespace, seen: console_parser.Console,
		   work: str) -> List[str]:
	"""dept-report on the boot's DEPT reports: report-N.json, .svg and
	.png beside its console, the module's frames decoded (the kernel's
	would take seconds per report: dept-report --vmlinux does them)."""
	cross = args.user_cc[:-len('gcc')] if args.user_cc.endswith('gcc') else ''
	printed, _, _ = report_cli.write_reports(
		seen.reports, work, dept_decode.Objects(None, [os.path.join(
			work, 'module')]), args.tree, cross)
	return printed


def save_graph(seen: console_parser.Console, work: str) -> List[str]:
	"""DEPT's graph as the guest dumped it: the whole as graph.dot and,
	when the boot had DEPT reports, the classes around theirs as
	graph.svg (else the whole, if small enough to draw)."""
	if seen.edges is None:
		return ["graph: no dump of DEPT's graph on the console (a run.sh "
			'must call dept-edges while its module is loaded)']
	classes = {c for r in seen.reports if r.detector == 'dept'
		   for c in r.classes}
	edges, centre = (dept_graph.around(seen.edges, classes, 1) if classes
			 else (seen.edges, set()))
	with open(os.path.join(work, 'graph.dot'), 'w', encoding='utf-8') as file:
		file.write(dept_graph.to_dot(seen.edges))
	svg = os.path.join(work, 'graph.svg')
	failed = dept_graph.write(edges, centre, svg)
	return [f'graph: {len(seen.edges)} dependencies in '
		f"{os.path.join(work, 'graph.dot')}; "
		+ (failed or f'{svg}: ' + (f'{len(edges)} around the reports\' '
					   'classes' if classes else 'all of them'))]


def in_suite(name: str, path: str) -> bool:
	"""Whether a scenario is of the suite, which runs when --only names
	none: all but those that serve one tool only ('only-for' in expect:
	the benchmark's, the gdb tests'), which that tool names.  One that
	cannot be loaded is in, so that its error shows."""
	try:
		return not scenario.load(name, path).expectation.only_for
	except scenario.ScenarioError:
		return True


def selected(args: argparse.Namespace, known: dict) -> List[str]:
	"""The scenarios to run, in order: those --only names, else the
	suite; the others are not in the plan at all (not skipped tests),
	as they are no part of what make run and make test judge."""
	if not args.only:
		return [name for name in sorted(known) if in_suite(name, known[name])]
	return [name for name in args.only.split(',') if name]


def workers(args: argparse.Namespace) -> int:
	"""How many scenarios run at once: --jobs, but one at a time with
	--kvm (the first guest is KVM's trial, which decides the accelerator
	of the later ones) and with --show-console (consoles would
	interleave on the terminal)."""
	if args.kvm or args.show_console:
		return 1
	return max(args.jobs, 1)


def expected_seconds(args: argparse.Namespace, name: str, known: dict) -> int:
	"""How long a scenario may run (its timeout), 0 if it cannot be
	loaded or --quick skips it: what decides which scenarios start first."""
	try:
		expectation = scenario.load(name, known[name]).expectation
	except (KeyError, scenario.ScenarioError):
		return 0
	return 0 if args.quick and expectation.long else expectation.timeout


def outcome_of(args: argparse.Namespace, machine: target.Target,
	       accel: Accelerator, calibration: Calibration, name: str,
	       known: dict) -> Outcome:
	if name not in known:
		return Outcome(False, diagnostics=[
			f"{name}: unknown scenario (known: {', '.join(sorted(known))})"])
	return run_scenario(args, machine, accel, name, known[name], calibration)


def main(argv: List[str]) -> int:
	args = parse_args(argv)
	directories = args.scenario_dir or [SCENARIOS_DIR]
	try:
		machine = target.load(args.target)
		accel = Accelerator(machine, args.kvm)
		calibration = Calibration()
		known = scenario.discover(directories)
	except (target.TargetError, scenario.ScenarioError) as error:
		print(f'harness: error: {error}', file=sys.stderr)
		return 2
	names = selected(args, known)
	writer = KtapWriter()
	writer.plan(len(names))
	writer.diagnostic(build_modules_at_once(args, names, known))

	def print_outcome(index: int, outcome: Outcome) -> None:
		writer.diagnostic(outcome.diagnostics)
		writer.result(names[index], outcome.ok, outcome.directive)

	try:
		schedule.run_in_order(
			[functools.partial(outcome_of, args, machine, accel,
					   calibration, name,
					   known) for name in names],
			[expected_seconds(args, name, known) for name in names],
			workers(args), print_outcome)
	except BaseException:
		# stopped early (an interrupt, a bug): no guest outlives the runner
		target.RUNNING.stop()
		raise
	if args.summary:
		writer.summary()
	return 1 if writer.counts.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
