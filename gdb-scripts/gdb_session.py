# SPDX-License-Identifier: GPL-2.0
"""Boot one scenario's guest under gdb, with the kernel's gdb scripts and
DEPT's loaded, stopped before the kernel's first instruction.

The scenario runner (python3 -m harness) builds the guest and says how to
boot it (--boot-command-to); how gdb reaches the kernel comes from the
[gdb] table of the target's file (um-config/um.toml, qemu-config/*.toml):

  mode = "run"        gdb runs the boot command itself (UML)
       | "attach"     the boot command runs with the gdb stub, gdb attaches
  program = "gdb"     the debugger (gdb-multiarch for another architecture)
  symbols = "linux"   the kernel's symbol file, in the kernel output dir
  stub = [...]        attach: arguments that add a halted gdb stub; {port}
  cmdline = "..."     more kernel parameters (nokaslr)
  hardware_breakpoints = true
                      the kernel is loaded after gdb attaches: a software
                      breakpoint set before would be overwritten
  init = [...]        gdb commands to run before the kernel starts

usage: python3 gdb_session.py --gdb-target FILE --out DIR --work DIR
		--prepare 'RUNNER COMMAND' [--scenario NAME] [--report]
		[--batch SCRIPT]...
"""

import argparse
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from typing import List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
DEPT_COMMANDS = os.path.join(HERE, 'dept-gdb.py')
KERNEL_COMMANDS = 'vmlinux-gdb.py'  # made by 'make scripts_gdb' in the out dir
DEFAULT_SCENARIO = 'boot'  # a plain boot, for a session without a report


class SessionError(Exception):
	"""The session cannot start; the message says why."""


@dataclass
class GdbTarget:
	mode: str
	program: str
	symbols: str
	stub: List[str] = field(default_factory=list)
	cmdline: str = ''
	hardware_breakpoints: bool = False
	init: List[str] = field(default_factory=list)


def load_target(path: str) -> GdbTarget:
	"""The [gdb] table of the target file at @path."""
	try:
		with open(path, 'rb') as file:
			data = tomllib.load(file)
	except (OSError, tomllib.TOMLDecodeError) as error:
		raise SessionError(f'{path}: {error}') from error
	if 'gdb' not in data:
		raise SessionError(f'{path}: gdb does not know how to reach this '
				   'target (no [gdb] table)')
	try:
		target = GdbTarget(**data['gdb'])
	except TypeError as error:
		raise SessionError(f'{path}: [gdb]: {error}') from error
	if target.mode not in ('run', 'attach'):
		raise SessionError(f"{path}: mode must be 'run' or 'attach'")
	return target


def prepare(runner: str, work: str, scenario: str, cmdline: str) -> dict:
	"""Have the scenario runner (@runner, whose guests go to @work) build
	the guest; return its boot command and timeout."""
	os.makedirs(work, exist_ok=True)
	boot = os.path.join(work, 'boot.json')
	if os.path.exists(boot):
		os.unlink(boot)
	extra = ['--only', scenario, '--boot-command-to', boot]
	if cmdline:
		extra += ['--cmdline', cmdline]
	log = os.path.join(work, 'prepare.log')
	with open(log, 'w', encoding='utf-8') as out:
		status = subprocess.call(runner + ' ' + shlex.join(extra), shell=True,
					 stdout=out, stderr=subprocess.STDOUT,
					 stdin=subprocess.DEVNULL)
	if status != 0 or not os.path.exists(boot):
		with open(log, encoding='utf-8', errors='replace') as out:
			raise SessionError(f'preparing {scenario} failed (log: {log}):\n'
					   + out.read())
	with open(boot, encoding='utf-8') as file:
		return json.load(file)


def free_port() -> int:
	with socket.socket() as sock:
		sock.bind(('127.0.0.1', 0))
		return sock.getsockname()[1]


def gdb_word(text: str) -> str:
	"""@text as one argument of a gdb command, matched literally by the
	glob of dept-break-report."""
	glob = ''.join(f'[{c}]' if c in '*?[' else c for c in text)
	return '"' + glob.replace('\\', '\\\\').replace('"', '\\"') + '"'


def break_report(target: GdbTarget, classes: List[str]) -> str:
	"""dept-break-report for the report naming @classes (any if none)."""
	words = ['dept-break-report']
	if target.hardware_breakpoints:
		words.append('hardware')
	return ' '.join(words + [gdb_word(c) for c in classes])


def init_script(target: GdbTarget, out: str, report: Optional[List[str]],
		batch: bool, remote: Optional[str]) -> List[str]:
	"""The gdb commands that set the session up and start the kernel,
	stopped before its first instruction; with @report, the classes of
	the DEPT report to stop at."""
	lines = ['set pagination off', 'set confirm off'] if batch else []
	if remote:
		lines.append(f'file {os.path.join(out, target.symbols)}')
	lines += target.init
	kernel_commands = os.path.join(out, KERNEL_COMMANDS)
	if os.path.exists(kernel_commands):
		lines.append(f'source {kernel_commands}')
	else:
		lines.append(f'echo note: no {kernel_commands} (CONFIG_GDB_SCRIPTS, '
			     'make scripts_gdb): no lx-* commands\\n')
	lines.append(f'source {DEPT_COMMANDS}')
	# a hardware breakpoint needs the target connected
	lines.append(f'target remote {remote}' if remote else 'starti')
	if report is not None:
		lines.append(break_report(target, report))
	return lines


def gdb_command(target: GdbTarget, script: str, batch: List[str],
		boot: List[str]) -> List[str]:
	command = [target.program, '-q']
	# our scripts are sourced explicitly; auto-loading would load twice
	command += ['-iex', 'set auto-load python-scripts off']
	if batch:
		command += ['-nx', '-batch']
	command += ['-x', script]
	for path in batch:
		command += ['-x', path]
	if target.mode == 'run':
		command += ['--args'] + boot
	return command


def run(args: argparse.Namespace) -> int:
	target = load_target(args.gdb_target)
	scenario = args.scenario or DEFAULT_SCENARIO
	boot = prepare(args.prepare, args.work, scenario, target.cmdline)
	guest = None
	remote = None
	console = os.path.join(args.work, 'console.log')
	if target.mode == 'attach':
		port = free_port()
		remote = f'127.0.0.1:{port}'
		command = boot['command'] + [w.format(port=port) for w in target.stub]
		with open(console, 'wb') as log:
			guest = subprocess.Popen(command, stdin=subprocess.DEVNULL,
						 stdout=log, stderr=subprocess.STDOUT,
						 start_new_session=True)
		print(f'gdb_session: guest console in {console}', file=sys.stderr)
	script = os.path.join(args.work, 'session.gdb')
	with open(script, 'w', encoding='utf-8') as file:
		report = boot.get('dept_classes', []) if args.report else None
		file.write('\n'.join(init_script(target, args.out, report,
						 bool(args.batch), remote)) + '\n')
	try:
		debugger = subprocess.Popen(gdb_command(target, script, args.batch,
							boot['command']))
		while True:
			try:
				return debugger.wait()
			except KeyboardInterrupt:
				pass  # gdb's: it stops the kernel, not this session
	finally:
		if guest:
			os.killpg(guest.pid, signal.SIGKILL)
			guest.wait()


def parse_args(argv: List[str]) -> argparse.Namespace:
	parser = argparse.ArgumentParser(
		prog='gdb_session', description=__doc__,
		formatter_class=argparse.RawDescriptionHelpFormatter)
	parser.add_argument('--gdb-target', required=True,
			    help="the target's file, with a [gdb] table")
	parser.add_argument('--out', required=True, help='kernel output dir')
	parser.add_argument('--work', required=True,
			    help='where the guest and the session files go')
	parser.add_argument('--prepare', required=True,
			    help='the scenario runner command, as a shell string')
	parser.add_argument('--scenario', default='',
			    help=f'scenario to boot (default: {DEFAULT_SCENARIO})')
	parser.add_argument('--report', action='store_true',
			    help="stop at DEPT's report of the cycle the scenario "
			    'expects, or at any report (dept-break-report)')
	parser.add_argument('--batch', action='append', default=[],
			    help='run gdb in batch mode with this script after the '
			    'set-up (repeatable)')
	return parser.parse_args(argv)


def main(argv: List[str]) -> int:
	try:
		return run(parse_args(argv))
	except SessionError as error:
		print(f'gdb_session: {error}', file=sys.stderr)
		return 2


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
