# SPDX-License-Identifier: GPL-2.0
"""The soak: a whole kernel under a real userspace and real work.

usage: python3 -m harness.soak --target T.toml --name NAME --tree DIR
		--kernel-out DIR --kernel IMAGE --rootfs TAR --work DIR
		[--make-args ARGS] [--user-cc CC] [--minutes M] [--kvm]
		[--boots dept-on,dept-off] [--steps PATTERN,...] [--summary]

Boots the kernel (the [soak] table of the target's TOML says how: the
command, with {kernel}, {root}, {cmdline} and {accel}, and the word
{disks} where two empty scratch disks go, attached as the target's [disk]
says; its accel, if it has one, replaces the target's) from a Debian root
disk (harness/rootimage.py) once per boot mode: with DEPT on, then with
dept=off, the same kernel otherwise.  The guest runs scenarios/soak/soak.sh;
each of its steps is a KTAP test, which fails on a kernel report within it
(DEPT's, lockdep's or any other detector's) or a status of the step's own
that says it failed.  A report seen with DEPT on and never with dept=off is
marked as DEPT's claim.  Every console is kept in the work folder under the
time of its run (console-MODE-STAMP.log, results-STAMP.json), and
console-MODE.log and results.json name the latest; with --summary, the
last line counts the steps: 'N passed, N failed' (', N skipped' when some
were).
"""

import argparse
import json
import os
import shlex
import sys
import time
import tomllib
from typing import Dict, List

from harness import disk, rootimage, soak_console, target
from harness.accel import Accelerator
from harness.ktap import Counts, KtapWriter
from harness.modules import BuildError

BOOT_MODES = {'dept-on': '', 'dept-off': 'dept=off'}
# A boot's limit: the workload's minutes twice over (a stressor may run
# past its share), and this long to boot and to power off.
BOOT_ALLOWANCE_S = 900
# fs-workload's disks: ext4 and xfs, 1 GiB each (sparse)
SCRATCH_DISKS = 2
SCRATCH_MB = 1024


def parse_args(argv: List[str]) -> argparse.Namespace:
	parser = argparse.ArgumentParser(prog='harness.soak', description=__doc__,
					 formatter_class=argparse.RawDescriptionHelpFormatter)
	parser.add_argument('--target', required=True, help='target TOML file')
	parser.add_argument('--name', required=True, help='the target, for names')
	parser.add_argument('--tree', required=True, help='prepared kernel tree')
	parser.add_argument('--kernel-out', required=True,
			    help="the kernel's build folder (its modules)")
	parser.add_argument('--kernel', required=True, help='kernel image to boot')
	parser.add_argument('--rootfs', required=True,
			    help='Debian root file system tarball (harness/rootfs.sh)')
	parser.add_argument('--work', required=True,
			    help='where consoles, images and results.json go')
	parser.add_argument('--make-args', default='',
			    help='make arguments of the kernel build (shell words)')
	parser.add_argument('--user-cc', default='gcc',
			    help="C compiler of the guest's architecture (shell words)")
	parser.add_argument('--minutes', type=int, default=12,
			    help='length of the workload of each boot')
	parser.add_argument('--boots', default=','.join(BOOT_MODES),
			    help='boot modes, in order (default: %(default)s)')
	parser.add_argument('--steps', default='',
			    help='run only the steps matching these shell patterns '
			    '(comma-separated, e.g. stress-ng/pipe,module/*)')
	parser.add_argument('--rejudge', action='store_true',
			    help='boot nothing: judge the consoles the boots '
			    'left in the work folder')
	parser.add_argument('--summary', action='store_true',
			    help="end with the line 'N passed, N failed' "
			    "(', N skipped' when some were)")
	parser.add_argument('--kvm', action='store_true',
			    help='try KVM, fall back if the guest does not boot')
	args = parser.parse_args(argv)
	# the run's name for the files it keeps
	args.stamp = time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())
	args.boots = args.boots.split(',')
	unknown = [mode for mode in args.boots if mode not in BOOT_MODES]
	if unknown:
		parser.error(f"unknown boot mode(s) {', '.join(unknown)}; "
			     f"known: {', '.join(BOOT_MODES)}")
	return args


def load_soak_target(path: str) -> target.Target:
	"""The target of the [soak] table: its command boots from {root}."""
	machine = target.load(path)
	with open(path, 'rb') as file:
		soak = tomllib.load(file).get('soak')
	if not isinstance(soak, dict) or not isinstance(soak.get('command'), list):
		raise target.TargetError(f'{path}: no [soak] table with a command: '
					 'this target cannot run the soak')
	machine.command = soak['command']
	machine.accel = soak.get('accel', machine.accel)
	return machine


def scratch_disks(args) -> List[str]:
	"""Fresh, empty scratch disks: one per file system fs-workload runs on
	(soak.sh formats them)."""
	paths = [os.path.join(args.work, f'scratch{index}.img')
		 for index in range(SCRATCH_DISKS)]
	for path in paths:
		disk.blank(SCRATCH_MB, path)
	return paths


def console_path(args, mode: str, stamp: str = '') -> str:
	"""The console of a boot of the run of @stamp; without one, the
	latest run's."""
	return os.path.join(args.work, f"console-{mode}{stamp and '-' + stamp}.log")


def keep_latest(path: str, latest: str) -> None:
	"""Make @latest name @path, both in one folder, a run's file kept
	under its own name so that the next run does not overwrite it."""
	if os.path.lexists(latest):
		os.unlink(latest)
	os.symlink(os.path.basename(path), latest)


def kernel_cmdline(args, mode: str) -> str:
	"""What the guest's workload reads from the kernel's command line
	(scenarios/soak/soak.sh): its length, its target by name, the steps
	asked for; and the boot's mode."""
	return ' '.join(filter(None, [
		f'soak.minutes={args.minutes}', f'soak.target={args.name}',
		'printk.devkmsg=on',
		args.steps and f'soak.steps={args.steps}', BOOT_MODES[mode]]))


def boot(args, machine: target.Target, accel: Accelerator, mode: str,
	 image: str) -> target.Boot:
	cmdline = kernel_cmdline(args, mode)
	values = {'kernel': args.kernel, 'root': image, 'cmdline': cmdline,
		  'accel': accel.current}
	# the scratch disks where the command says {disks}, as the target
	# attaches disks: disk 0 is the root, first in the guest's order
	disks = machine.disk_args(scratch_disks(args), first=1)
	command = []
	for word in machine.command:
		command += disks if word == '{disks}' else [word.format(**values)]
	log = console_path(args, mode, args.stamp)
	keep_latest(log, console_path(args, mode))
	with open(os.path.join(args.work, f'command-{mode}'), 'w',
		  encoding='utf-8') as file:
		file.write(shlex.join(command) + '\n')
	return target.boot(command, args.minutes * 60 * 2 + BOOT_ALLOWANCE_S,
			   log, echo=False)


def judge_boot(name: str, result: target.Boot,
	       parsed: soak_console.SoakConsole, without_dept: set,
	       sub: KtapWriter) -> dict:
	"""Print one boot's steps as the document of its subtest, with @sub;
	return its results."""
	steps = [step for step in parsed.steps
		 if step.name not in ('boot', 'shutdown') or step.reports]
	ended = [('workload began', parsed.minutes is not None),
		 ('workload ended', parsed.done and not result.timed_out)]
	sub.plan(len(ended) + len(steps))
	for what, ok in ended:
		if not ok:
			sub.diagnostic([f'{what}: no (timed out: {result.timed_out}, '
					f'exit status {result.status})'])
		sub.result(what, ok)
	records = []
	for step in steps:
		lines = []
		for report in step.reports:
			claim = (without_dept is not None and
				 soak_console.identity(report) not in without_dept)
			lines.append(report.describe() +
				     (' (DEPT\'s claim: not seen with dept=off)'
				      if claim else ''))
		if step.status not in (0, None) and step.status not in \
		   soak_console.NOT_RUN:
			lines.append(f'status {step.status}')
			lines += [f'  {said}' for said in step.says]
		if step.status is None and step.name not in ('boot', 'shutdown'):
			lines.append('never ended')
		sub.diagnostic(lines)
		skip = step.skipped
		sub.result(step.name, step.ok, f'SKIP {skip}' if skip else None)
		records.append({
			'step': step.name, 'status': step.status,
			'bogo_ops_per_s': step.bogo_ops, 'ok': step.ok,
			'skipped': skip, 'says': step.says,
			'reports': [{'detector': r.detector, 'title': r.title,
				     'classes': sorted(r.classes)}
				    for r in step.reports]})
	ok = all(ok for _, ok in ended) and all(step.ok for step in steps)
	return {'boot': name, 'ok': ok, 'timed_out': result.timed_out,
		'minutes': parsed.minutes, 'workload_began_after_s': parsed.booted_in,
		'steps': records}


def main(argv: List[str]) -> int:
	args = parse_args(argv)
	try:
		machine = load_soak_target(args.target)
	except target.TargetError as error:
		print(f'soak: {error}', file=sys.stderr)
		return 2
	os.makedirs(args.work, exist_ok=True)
	boots = rejudge(args) if args.rejudge else boot_all(args, machine)
	if boots is None:
		return 2
	return judge_all(args, boots)


def rejudge(args) -> Dict[str, tuple]:
	"""The saved consoles of the boots, as boot_all() returns them (their
	wall time unknown); a console that did not reach the workload's end
	counts as timed out."""
	boots = {}
	for mode in args.boots:
		with open(console_path(args, mode), encoding='utf-8',
			  errors='replace') as file:
			text = file.read()
		parsed = soak_console.parse(text)
		boots[mode] = (target.Boot(not parsed.done, 0, text, True), parsed,
			       None)
	return boots


def boot_all(args, machine: target.Target):
	"""Make the root disk, boot once per mode: {mode: (Boot, parsed
	console, seconds)}, or None if the disk cannot be made."""
	root = os.path.join(args.work, 'root')
	log = os.path.join(args.work, 'image.log')
	if os.path.exists(log):
		os.unlink(log)
	try:
		rootimage.stage(root, args.rootfs, args.tree, args.kernel_out,
				shlex.split(args.make_args), shlex.split(args.user_cc),
				log)
	except BuildError as error:
		print(f'soak: {error.args[0]}', *error.args[1], sep='\n',
		      file=sys.stderr)
		return None
	accel = Accelerator(machine, args.kvm)
	boots = {}
	for mode in args.boots:
		image = os.path.join(args.work, 'root.img')
		started = time.monotonic()
		try:
			rootimage.image(root, image)
		except disk.DiskError as error:
			print(f'soak: {error}', file=sys.stderr)
			return None
		print(f'soak: {args.name} {mode}: booting, console in '
		      f'{console_path(args, mode, args.stamp)}', file=sys.stderr,
		      flush=True)
		result = boot(args, machine, accel, mode, image)
		boots[mode] = (result, soak_console.parse(result.console),
			       round(time.monotonic() - started))
	return boots


def judge_all(args, boots: Dict[str, tuple]) -> int:
	"""Print the KTAP of the boots, write results.json; the exit status."""
	# A report of the DEPT-on boot is DEPT's claim if the dept=off boot,
	# when there is one, never saw it
	seen_without_dept = None
	if 'dept-off' in boots:
		seen_without_dept = {soak_console.identity(report)
				     for step in boots['dept-off'][1].steps
				     for report in step.reports}
	writer = KtapWriter(sys.stdout)
	writer.plan(len(boots))
	steps = Counts()
	results = []
	for mode, (result, parsed, seconds) in boots.items():
		if BOOT_MODES[mode]:
			# DEPT was off from the start: its stopping changes nothing
			for step in parsed.steps:
				step.dept_stopped = False
		name = f'soak-{args.name}-{mode}'
		writer.diagnostic([f'{name}: console in '
				   f'{os.path.realpath(console_path(args, mode))}'])
		sub = writer.subtest()
		record = judge_boot(name, result, parsed,
				    None if mode == 'dept-off' else seen_without_dept,
				    sub)
		steps += sub.counts
		record['seconds'] = seconds
		record['mode'] = mode
		results.append(record)
		writer.result(name, record['ok'])
	path = os.path.join(args.work, f'results-{args.stamp}.json')
	with open(path, 'w', encoding='utf-8') as file:
		json.dump({'target': args.name, 'date': time.strftime(
			'%Y-%m-%d', time.gmtime()), 'steps': args.steps,
			'boots': results}, file, indent=1)
	keep_latest(path, os.path.join(args.work, 'results.json'))
	if args.summary:
		writer.summary(steps)
	return 1 if steps.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
