#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the host test program in its three stages; print one KTAP document.

The stages are the same program, dept-host-test, run
  native     as it is: the verdict in seconds;
  memcheck   under valgrind's memcheck: no invalid access, and nothing
             definitely or indirectly lost once the engine is torn down;
  drd        under valgrind's DRD: no data race, no lock misuse.
Each stage is a test whose subtest is the program's own KTAP, with the
stage's wall time as a diagnostic.  Under valgrind every case (a forked
child) writes its own log; a stage fails if any log has errors, and the
first lines of each such error are quoted.

The program is the engine on the host's shim (arch-glue/host) with its
cases (scenarios/host), built by harness/host.mk.

usage: python3 -m harness.host_stages --binary BIN --out DIR
		[--seed N] [--summary] [--stages native,memcheck,drd]
"""

import argparse
import glob
import os
import random
import re
import shutil
import subprocess
import sys
import time
from typing import List, Tuple

from harness.ktap import KtapWriter

# Under valgrind the program runs 20 to 100 times slower: a shorter soak
# and a longer timeout per case.
VALGRIND_ARGS = ['--timeout', '1200', '--soak-iters', '100']
VALGRIND_COMMON = ['--error-exitcode=99', '--num-callers=24']

STAGES = {
	'native': [],
	'memcheck': ['valgrind', '--tool=memcheck', '--leak-check=full',
		     '--show-leak-kinds=definite,indirect',
		     '--errors-for-leak-kinds=definite,indirect'],
	'drd': ['valgrind', '--tool=drd'],
}

ERRORS = re.compile(r'ERROR SUMMARY: (\d+) errors')
QUOTED_LINES = 24


def valgrind_errors(log_dir: str) -> List[str]:
	"""Diagnostics for every valgrind log of @log_dir that has errors."""
	found = []
	for path in sorted(glob.glob(os.path.join(log_dir, 'vg.*.log'))):
		with open(path, encoding='utf-8', errors='replace') as file:
			lines = [l.split('== ', 1)[-1].rstrip() for l in file]
		summary = [m for m in map(ERRORS.search, lines) if m]
		if not summary or int(summary[-1].group(1)) == 0:
			continue
		command = next((l for l in lines if l.startswith('Command:')), '')
		found.append(f'{path}: {summary[-1].group(1)} errors ({command})')
		# the first error: the lines after the preamble, up to a blank
		body = [l for l in lines[lines.index(command) + 1:]
			if not l.startswith('Parent PID')] if command else lines
		first = []
		for line in body:
			if not line and first:
				break
			if line:
				first.append(line)
		found.extend('  ' + l for l in first[:QUOTED_LINES])
	return found


def run_stage(name: str, binary: str, out: str, seed: int) -> Tuple[bool, List[str], List[str], float]:
	"""Run one stage: passed?, its KTAP lines, problems, wall time."""
	log_dir = os.path.join(out, name)
	shutil.rmtree(log_dir, ignore_errors=True)
	os.makedirs(log_dir)
	command = list(STAGES[name])
	args = ['--seed', str(seed), '--log-dir', log_dir]
	if command:
		command += VALGRIND_COMMON + [f'--log-file={log_dir}/vg.%p.log']
		args += VALGRIND_ARGS
	start = time.monotonic()
	process = subprocess.run(command + [binary] + args, stdout=subprocess.PIPE,
				 stdin=subprocess.DEVNULL, text=True,
				 errors='replace', check=False)
	elapsed = time.monotonic() - start
	lines = process.stdout.splitlines()
	problems = valgrind_errors(log_dir) if command else []
	if process.returncode != 0 and not any(l.startswith('not ok') for l in lines):
		problems.append(f'dept-host-test exited with status {process.returncode}')
	passed = process.returncode == 0 and not problems
	return passed, lines, problems, elapsed


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
	parser.add_argument('--binary', required=True)
	parser.add_argument('--out', required=True)
	parser.add_argument('--seed', type=int, default=random.randrange(1 << 31))
	parser.add_argument('--stages', default='native,memcheck,drd')
	parser.add_argument('--summary', action='store_true',
			    help='end with the line "N passed, N failed"')
	args = parser.parse_args(argv)
	stages = args.stages.split(',')

	writer = KtapWriter()
	writer.plan(len(stages))
	writer.diagnostic([f'seed: {args.seed} (make host-test SEED={args.seed} '
			   'replays it)'])
	for name in stages:
		passed, lines, problems, elapsed = run_stage(name, args.binary,
							     args.out, args.seed)
		writer.relay(lines)
		writer.diagnostic(problems + [f'wall time: {elapsed:.1f} s'])
		writer.result(f'host-{name}', passed)
	if args.summary:
		writer.summary()
	return 1 if writer.counts.failed else 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
