# SPDX-License-Identifier: GPL-2.0
"""make bench and make bench-compare (python3 -m harness bench,
harness/bench_plan.py, gives run its command lines).

usage: python3 -m bench run --out DIR [--runs N]
		[--build TARGET:COLUMN=COMMAND]...
		[--boot TARGET:COLUMN:WORK=COMMAND]...
		[--host BINARY] [--harness NAME:TARGET=COMMAND]... [--harness-runs N]
		[--warm-up NAME]...
		[--suite TARGET=WORK]...
		[--missing GROUP:NAME:TARGET:COLUMN:UNIT=WHY]...
		[--workload-build TARGET:COLUMN=COMMAND]...
		[--workload TARGET:COLUMN:WORK=COMMAND]...
       python3 -m bench compare OLD.json NEW.json
       python3 -m bench table RESULTS.json
       python3 -m bench profile --target-file FILE --prepare COMMAND
		--kernel-out DIR --out DIR
		[--column NAME[:PARAMETER,...]]... [--part NAME=OBJECT|PREFIX*,...]...
		[--bench-ms N] [--hz N] [--top N]

run: builds each column's kernel (--build), boots the benchmark scenario
with each --boot command (the scenario runner, its work directory WORK)
--runs times, runs the host program under callgrind, times the harness
commands, reads DEPT's pools at the end of each scenario of a suite run
in WORK (--suite: a harness command ran it with HARNESS_DEPT_STATS),
boots the soak's kernel with stress-ng's stressors (--workload: harness/soak.py,
its work directory WORK, the kernel built by --workload-build) --runs times,
prints the table and writes DIR/results.json, DIR/chart.svg and, with
--document, the tables as Markdown in FILE (bench/document.py).

profile: has the scenario runner (--prepare) prepare the benchmark's
guest once per column, with the column's kernel parameters, boots it
under the sampler of the target file's [profile] table (perf, or QEMU's
gdb stub) and prints where the time went (bench/profile.py).
"""

import argparse
import os
import subprocess
import sys
import tomllib
from typing import Dict, List, Tuple

from bench import chart, compare, console, document, figures, guest, host
from bench import kernel
from bench import gdbstub, memory, profile, results, table, timed, workload


def spec(text: str) -> tuple:
	"""'A:B=COMMAND' -> (['A', 'B'], 'COMMAND')"""
	left, _, right = text.partition('=')
	return left.split(':'), right


def log(message: str) -> None:
	print(message, file=sys.stderr, flush=True)


def kernel_part(args: argparse.Namespace) -> Tuple[
		List[figures.Figure], Dict[str, List[console.BenchBoot]]]:
	"""The in-kernel figures, and per target the boots with DEPT on."""
	builds = {tuple(spec(b)[0]): spec(b)[1] for b in args.build}
	targets: Dict[str, List[guest.Column]] = {}
	for text in args.boot:
		(target, column, work), command = spec(text)
		targets.setdefault(target, []).append(guest.Column(
			column, builds.get((target, column), 'true'), command, work))
	found = []
	on_boots = {}
	for target, columns in targets.items():
		guest.build(columns, log)
		guest.boot_all(columns, args.runs, log)
		found += kernel.kernel_figures(
			target, {c.name: c.boots for c in columns if not c.failed},
			{c.name: c.failed for c in columns if c.failed},
			{c.name: c.notes for c in columns})
		on = next((c for c in columns if c.name == 'on'), None)
		if on:
			on_boots[target] = on.boots
	return found, on_boots


def workload_part(args: argparse.Namespace) -> List[figures.Figure]:
	"""The figures of the soak's kernel under stress-ng, per target."""
	builds = {tuple(spec(b)[0]): spec(b)[1] for b in args.workload_build}
	targets: Dict[str, List[workload.Column]] = {}
	for text in args.workload:
		(target, column, work), command = spec(text)
		targets.setdefault(target, []).append(workload.Column(
			column, builds.get((target, column), 'true'), command, work))
	found = []
	for target, columns in targets.items():
		guest.build(columns, log)
		workload.boot_all(columns, args.runs, log)
		found += workload.workload_figures(target, columns)
	return found


def run(args: argparse.Namespace) -> int:
	os.makedirs(args.out, exist_ok=True)
	found, on_boots = kernel_part(args)
	found += workload_part(args)
	later = []
	if args.host:
		log('bench: the host program under callgrind')
		later += host.run(args.host, os.path.join(args.out, 'callgrind'))
	for text in args.harness:
		(name, target), command = spec(text)
		later.append(timed.timed(name, target, command, args.harness_runs, log,
					 name in args.warm_up))
	suites = dict(text.partition('=')[::2] for text in args.suite)
	for target, boots in on_boots.items():
		found += memory.memory_figures(target, boots, memory.suite_pools(
			suites[target]) if target in suites else None)
	found += later
	for text in args.missing:
		(group, name, target, column, unit), why = spec(text)
		found.append(figures.missing(group, name, target, column, unit, why))
	results.stamp(found, results.commit())
	path = os.path.join(args.out, 'results.json')
	results.write(path, found)
	print('\n'.join(table.render(found)))
	print(f'\nresults: {path}')
	if args.document:
		print(f'document: {document.write(args.document, found)}')
	print(chart.draw(found, args.out))
	return 0


def table_of(args: argparse.Namespace) -> int:
	"""The table of a results.json again, with the run it came from."""
	try:
		found = results.read(args.results)
	except results.ResultsError as error:
		print(f'bench: error: {error}', file=sys.stderr)
		return 2
	runs = sorted({(f.commit, f.date) for f in found})
	print('\n'.join(f'commit {commit}, {date}' for commit, date in runs))
	print('\n'.join(table.render(found)))
	return 0


def compare_runs(args: argparse.Namespace) -> int:
	try:
		old, new = results.read(args.old), results.read(args.new)
	except results.ResultsError as error:
		print(f'bench: error: {error}', file=sys.stderr)
		return 2
	print('\n'.join(compare.compare(old, new)))
	return 0


def profile_run(args: argparse.Namespace) -> int:
	os.makedirs(args.out, exist_ok=True)
	columns = []
	for text in args.column or ['on']:
		name, _, params = text.partition(':')
		columns.append(profile.Column(name, [p for p in params.split(',') if p]))
	parts = {}
	for text in args.part:
		name, _, items = text.partition('=')
		parts[name] = items.split(',')
	try:
		lines = profile.run(args.target_file, args.prepare, args.kernel_out,
				    columns, args.out, parts, args.bench_ms,
				    args.hz, args.top)
	except (OSError, RuntimeError, subprocess.SubprocessError,
		tomllib.TOMLDecodeError, gdbstub.StubError) as error:
		print(f'bench: error: {error}', file=sys.stderr)
		return 1
	print('\n'.join(lines))
	return 0


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(prog='bench', description=__doc__,
					 formatter_class=argparse.RawDescriptionHelpFormatter)
	commands = parser.add_subparsers(dest='command', required=True)
	doing = commands.add_parser('run')
	doing.add_argument('--out', required=True)
	doing.add_argument('--document')
	doing.add_argument('--runs', type=int, default=5)
	doing.add_argument('--build', action='append', default=[])
	doing.add_argument('--boot', action='append', default=[])
	doing.add_argument('--host')
	doing.add_argument('--harness', action='append', default=[])
	doing.add_argument('--harness-runs', type=int, default=1)
	doing.add_argument('--warm-up', action='append', default=[],
			   help='a --harness figure run once unmeasured first')
	doing.add_argument('--suite', action='append', default=[])
	doing.add_argument('--missing', action='append', default=[])
	doing.add_argument('--workload-build', action='append', default=[])
	doing.add_argument('--workload', action='append', default=[])
	doing.set_defaults(func=run)
	comparing = commands.add_parser('compare')
	comparing.add_argument('old')
	comparing.add_argument('new')
	comparing.set_defaults(func=compare_runs)
	tabling = commands.add_parser('table')
	tabling.add_argument('results')
	tabling.set_defaults(func=table_of)
	profiling = commands.add_parser('profile')
	profiling.add_argument('--target-file', required=True)
	profiling.add_argument('--prepare', required=True,
			       help='the scenario runner on the target, a shell '
			       'command')
	profiling.add_argument('--kernel-out', required=True)
	profiling.add_argument('--out', required=True)
	profiling.add_argument('--column', action='append', default=[])
	profiling.add_argument('--part', action='append', default=[])
	profiling.add_argument('--bench-ms', type=int, default=2000)
	profiling.add_argument('--hz', type=int)
	profiling.add_argument('--top', type=int)
	profiling.set_defaults(func=profile_run)
	args = parser.parse_args(argv)
	return args.func(args)


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
