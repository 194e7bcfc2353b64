# SPDX-License-Identifier: GPL-2.0
"""What one boot of the benchmark scenario (scenarios/dept-bench) printed:
the time of each operation, when /init started, DEPT's pools; and of any
scenario booted with HARNESS_DEPT_STATS, DEPT's pools at its end."""

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from harness.console import TIMESTAMP, strip_timestamp

OPERATION = re.compile(r'^dept-bench: (\w+) (\d+\.\d+) ns/op over (\d+)$')
STATS_START = re.compile(r'^dept-bench: dept_stats (\w+)$')
STATS_END = 'dept-bench: dept_stats end'
# scenarios/guest/init, after the scenario: the moment 'suite'
SUITE_STATS_START = 'harness: dept_stats'
SUITE_STATS_END = 'harness: dept_stats end'
INIT = 'Run /init as init process'
DEPT_ACTIVE = re.compile(r'^DEPT: dependency tracker active '
			 r'\(pools (\d+) KB, dept_task (\d+) bytes\)$')
POOL_COLUMNS = ('objsize', 'total', 'grown', 'used', 'free', 'refills',
		'dropped', 'KB')


@dataclass
class Pool:
	objsize: int
	total: int  # reserved at boot and grown on demand since
	used: int
	grown: int


@dataclass
class BenchBoot:
	ns_per_op: Dict[str, float] = field(default_factory=dict)
	init_s: Optional[float] = None  # printk time of starting /init
	# per moment ('boot', 'bench', 'suite'): pool name -> Pool
	pools: Dict[str, Dict[str, Pool]] = field(default_factory=dict)
	dept_task_bytes: Optional[int] = None
	done: bool = False


def timestamp(line: str) -> Optional[float]:
	match = TIMESTAMP.match(line)
	return float(match.group(0).strip(' []')) if match else None


def parse_pool(text: str) -> Optional[tuple]:
	words = text.split()
	if len(words) != 1 + len(POOL_COLUMNS) or not all(
			w.isdigit() for w in words[1:]):
		return None
	values = dict(zip(POOL_COLUMNS, map(int, words[1:])))
	return words[0], Pool(values['objsize'], values['total'], values['used'],
			      values['grown'])


def parse(lines: List[str]) -> BenchBoot:
	boot = BenchBoot()
	moment = None
	for line in lines:
		text = strip_timestamp(line)
		if text.endswith(INIT) and boot.init_s is None:
			boot.init_s = timestamp(line.lstrip('\r\n'))
		if moment is not None:
			if text in (STATS_END, SUITE_STATS_END):
				moment = None
			else:
				pool = parse_pool(text)
				if pool:
					boot.pools[moment][pool[0]] = pool[1]
			continue
		match = STATS_START.match(text)
		if match or text == SUITE_STATS_START:
			moment = match.group(1) if match else 'suite'
			boot.pools[moment] = {}
			continue
		match = OPERATION.match(text)
		if match:
			boot.ns_per_op[match.group(1)] = float(match.group(2))
		match = DEPT_ACTIVE.match(text)
		if match:
			boot.dept_task_bytes = int(match.group(2))
		boot.done = boot.done or text == 'dept-bench: done'
	return boot


def read(path: str) -> BenchBoot:
	with open(path, encoding='utf-8', errors='replace') as file:
		return parse(file.read().splitlines())
