# SPDX-License-Identifier: GPL-2.0
"""Boots of the benchmark scenario: a column's kernel built once, then
booted by the scenario runner run after run, the columns interleaved so
that a noisy moment of the machine spreads over all of them; each boot's
console is kept as COLUMN/console-N.log."""

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from bench import console
from bench.console import BenchBoot

SCENARIO = 'dept-bench'


@dataclass
class Column:
	name: str	# on, off, floor
	build: str	# shell command building its kernel
	boot: str	# shell command: the scenario runner, KTAP on stdout
	work: str	# the runner's --work directory
	boots: List[BenchBoot] = field(default_factory=list)
	failed: str = ''  # why the column has no boots
	# boots that printed every figure but failed the scenario's verdict
	notes: List[str] = field(default_factory=list)


def shell(command: str) -> subprocess.CompletedProcess:
	return subprocess.run(command, shell=True, capture_output=True,
			      text=True, check=False)


def tail(text: str, lines: int = 3) -> str:
	return ' | '.join(text.strip().splitlines()[-lines:])


def boot_and_keep(boot: str, produced: str, kept: str) -> Tuple[
		subprocess.CompletedProcess, bool]:
	"""Run the boot command @boot, the file it writes, @produced, removed
	first; keep what it wrote as @kept.  Whether it wrote it."""
	if os.path.exists(produced):
		os.remove(produced)
	booted = shell(boot)
	if not os.path.exists(produced):
		return booted, False
	shutil.copyfile(produced, kept)
	return booted, True


def build(columns: List[Column], log) -> None:
	"""Build each command's kernel once; a failed build fails its columns."""
	done: Dict[str, str] = {}
	for column in columns:
		if column.build not in done:
			log(f'bench: building the kernel of column {column.name}')
			built = shell(column.build)
			done[column.build] = '' if built.returncode == 0 else (
				f'its kernel did not build: {tail(built.stderr + built.stdout)}')
		column.failed = done[column.build]


def interleave(columns: list, runs: int, log, what: str, boot_one) -> None:
	"""Boot each column @runs times, the columns in turn, so that a noisy
	moment of the machine spreads over all of them: boot_one(column, run)
	for each column that has not failed."""
	for run in range(1, runs + 1):
		for column in columns:
			if column.failed:
				continue
			log(f'bench: {what}{column.name}, boot {run} of {runs}')
			boot_one(column, run)


def boot_scenario(column: Column, run: int) -> None:
	kept = os.path.join(column.work, f'console-{run}.log')
	booted, wrote = boot_and_keep(column.boot, os.path.join(
		column.work, SCENARIO, 'console.log'), kept)
	if not wrote:
		column.failed = f'boot {run} failed: {tail(booted.stdout, 6)}'
		return
	boot = console.read(kept)
	if not boot.done:
		column.failed = (f'boot {run} did not finish the benchmark: '
				 f'{tail(booted.stdout, 6)}')
		return
	if booted.returncode != 0:
		column.notes.append(f'boot {run} failed its verdict ({kept}): '
				    f'{verdict(booted.stdout)}')
	column.boots.append(boot)


def boot_all(columns: List[Column], runs: int, log) -> None:
	interleave(columns, runs, log, '', boot_scenario)


def verdict(ktap: str) -> str:
	"""The runner's reasons for failing the scenario."""
	reasons = [line[2:] for line in ktap.splitlines()
		   if line.startswith(('# unexpected', '# expected'))]
	return '; '.join(reasons) or tail(ktap)
