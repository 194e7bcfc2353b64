# SPDX-License-Identifier: GPL-2.0
"""make bench-profile: where the benchmark's time goes, function by
function, with DEPT on and with DEPT off, on any target.

How a target's kernel is sampled is said by the [profile] table of its
file (um-config/um.toml, qemu-config/*.toml):

  sampler = "perf"     the kernel is a host process (UML): the host's perf
                       samples it (cpu-clock, call graphs by frame
                       pointer) and names its functions from the binary
  sampler = "gdbstub"  a QEMU guest, whose kernel the host's perf cannot
                       see into and which TCG gives no counters: QEMU's
                       gdb stub ([gdb] stub and cmdline of the same file)
                       stops it, bench/gdbstub.py reads the program
                       counter of each virtual CPU not halted, and the
                       kernel's symbol file ([gdb] symbols) names them
  pc_register = 16     gdbstub: the program counter's number in QEMU's
                       register set of the architecture

Each column boots the benchmark scenario once, prepared by the scenario
runner (--prepare) with the column's kernel parameters and a longer
batch per figure (dept_bench.bench_ms), so that each figure gets samples
enough.  A table lists the functions with the most samples of their own,
each with the part of the kernel it is in: DEPT's engine
(kernel/dependency/), lockdep (kernel/locking/lockdep.o) or the rest;
then each part's share of all samples (a part is given as object files
and names ending in '*', every function whose name begins so: DEPT's
hooks outside its engine are dept_*()).  perf shows the benchmark
module's functions as addresses, gdbstub as '[module]': 'rest'.  With
gdbstub, each sample also carries the figure the benchmark was measuring
when it was taken (the figure whose console line comes next), and each
figure gets a table of its own.
"""

import json
import os
import re
import shlex
import socket
import subprocess
import threading
import tomllib
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Dict, List, NamedTuple, Optional, Tuple

from bench import gdbstub
from bench.console import OPERATION
from bench.kernel import OPERATIONS
from harness import target
from harness.console import START_MARKER, strip_timestamp

SCENARIO = 'dept-bench'
SAMPLERS = ('perf', 'gdbstub')
# per sampler: samples a second of the host's time; functions per table
HZ = {'perf': 4000, 'gdbstub': 500}
TOP = {'perf': 25, 'gdbstub': 12}
# the phases of a gdbstub profile besides the figures
BOOT, END = 'boot', 'after the figures'
# seconds the gdb stub has to appear once QEMU runs
STUB_WITHIN = 30

# '    16.73%  [.] __lock_acquire'
REPORT_LINE = re.compile(r'^\s*(\d+\.\d+)%\s+\[[.k]\]\s+(\S+)')
# 'ffffffff81234567 t map_class' (nm): text symbols
NM_LINE = re.compile(r'^[0-9a-f]+ [tTW] (\S+)$')
# 'ffffffff81234567 0000000000000042 t map_class' (nm -n -S): with a size
SIZED_LINE = re.compile(r'^([0-9a-f]+) (?:([0-9a-f]+) )?[tTW] (\S+)$')


class Column(NamedTuple):
	name: str
	cmdline: List[str]	# more kernel parameters, one word each


@dataclass
class Method:
	"""The [profile] table of a target file, with what gdbstub needs of
	its [gdb] table."""
	sampler: str
	pc_register: Optional[int] = None
	stub: List[str] = field(default_factory=list)
	cmdline: str = ''
	symbols: str = ''


def load_method(path: str) -> Method:
	with open(path, 'rb') as file:
		data = tomllib.load(file)
	table = data.get('profile')
	if table is None:
		raise RuntimeError(f'{path}: make bench-profile does not know how '
				   'to sample this target (no [profile] table)')
	sampler = table.get('sampler')
	if sampler not in SAMPLERS:
		raise RuntimeError(f'{path}: profile.sampler must be one of '
				   f'{", ".join(SAMPLERS)}')
	if sampler == 'perf':
		return Method(sampler)
	gdb = data.get('gdb', {})
	if not isinstance(table.get('pc_register'), int) or 'stub' not in gdb:
		raise RuntimeError(f'{path}: the gdbstub sampler needs '
				   'profile.pc_register and a [gdb] stub')
	return Method(sampler, table['pc_register'], gdb['stub'],
		      gdb.get('cmdline', ''), gdb.get('symbols', 'vmlinux'))


# -- what the samples are in -------------------------------------------------

def text_symbols(nm_output: str) -> List[str]:
	return [m.group(1) for m in map(NM_LINE.match, nm_output.splitlines()) if m]


def nm_symbols(objects: List[str]) -> set:
	found = set()
	for path in objects:
		out = subprocess.run(['nm', '--defined-only', path], check=True,
				     capture_output=True, text=True).stdout
		found.update(text_symbols(out))
	return found


def part_symbols(items: List[str]) -> set:
	"""A part's functions: those of its object files, and its names
	ending in '*', which stand for every function they begin."""
	return nm_symbols([i for i in items if not i.endswith('*')]) | {
		i for i in items if i.endswith('*')}


def part_of(symbol: str, parts: Dict[str, set]) -> str:
	for name, symbols in parts.items():
		if symbol in symbols or any(
				p.endswith('*') and symbol.startswith(p[:-1])
				for p in symbols):
			return name
	return 'rest'


def shares(samples: List[Tuple[str, float]],
	   parts: Dict[str, set]) -> Dict[str, float]:
	total = {name: 0.0 for name in list(parts) + ['rest']}
	for symbol, percent in samples:
		total[part_of(symbol, parts)] += percent
	return total


class Symbols:
	"""The functions of a kernel's symbol file, by address.  An address
	in none of them is the benchmark module's (or another module's) if it
	is in the kernel's half of the address space, else user space's."""

	def __init__(self, nm_output: str):
		starts, ends, names = [], [], []
		for match in map(SIZED_LINE.match, nm_output.splitlines()):
			if not match:
				continue
			start = int(match.group(1), 16)
			size = int(match.group(2) or '0', 16)
			starts.append(start)
			# a symbol of no size (assembly) reaches the next one
			ends.append(start + size if size else None)
			names.append(match.group(3))
		self.starts, self.ends, self.names = starts, ends, names

	@classmethod
	def of(cls, path: str) -> 'Symbols':
		out = subprocess.run(['nm', '-n', '-S', '--defined-only', path],
				     check=True, capture_output=True, text=True).stdout
		return cls(out)

	def name(self, address: int) -> str:
		i = bisect_right(self.starts, address) - 1
		if i >= 0:
			end = self.ends[i]
			if end is None and i + 1 < len(self.starts):
				end = self.starts[i + 1]
			if end is not None and address < end:
				return self.names[i]
		return '[module]' if address >> 63 else '[user]'


def percentages(names: List[str]) -> List[Tuple[str, float]]:
	"""Each name's share of @names in percent, most first."""
	count: Dict[str, int] = {}
	for name in names:
		count[name] = count.get(name, 0) + 1
	return sorted(((name, 100.0 * n / len(names)) for name, n in
		       count.items()), key=lambda item: (-item[1], item[0]))


def table(title: str, samples: List[Tuple[str, float]],
	  parts: Dict[str, set], top: int) -> List[str]:
	width = max([len(s) for s, _ in samples[:top]] + [8])
	lines = [title, f'{"self %":>7}  {"function":<{width}}  part']
	for symbol, percent in samples[:top]:
		lines.append(f'{percent:7.2f}  {symbol:<{width}}  '
			     f'{part_of(symbol, parts)}')
	lines.append('  parts: ' + ', '.join(
		f'{part} {percent:.1f} %' for part, percent in
		shares(samples, parts).items()))
	return lines + ['']


# -- preparing and booting a column -------------------------------------------

def prepare(runner: str, out: str, column: Column, cmdline: List[str]) -> dict:
	"""Have the scenario runner (@runner, a shell command) prepare the
	benchmark's guest with @cmdline; its boot command and timeout."""
	boot = os.path.join(out, f'boot-{column.name}.json')
	if os.path.exists(boot):
		os.unlink(boot)
	log = os.path.join(out, f'prepare-{column.name}.log')
	words = ['--only', SCENARIO, '--cmdline', ' '.join(cmdline),
		 '--boot-command-to', boot]
	with open(log, 'w', encoding='utf-8') as file:
		status = subprocess.call(runner + ' ' + shlex.join(words), shell=True,
					 stdout=file, stderr=subprocess.STDOUT,
					 stdin=subprocess.DEVNULL)
	if status != 0 or not os.path.exists(boot):
		raise RuntimeError(f'preparing the benchmark with DEPT {column.name} '
				   f'failed; log: {log}')
	with open(boot, encoding='utf-8') as file:
		return json.load(file)


def check(done: target.Boot, column: Column, console: str) -> None:
	if done.timed_out or done.status:
		what = ('timed out' if done.timed_out
			else f'exited {done.status}')
		raise RuntimeError(f'the benchmark sampled with DEPT {column.name} '
				   f'{what}; console: {console}')


# -- perf ---------------------------------------------------------------------

def parse_report(text: str) -> List[Tuple[str, float]]:
	"""perf report's lines: (symbol, percent of all samples), in order."""
	found = []
	for line in text.splitlines():
		match = REPORT_LINE.match(line)
		if match:
			found.append((match.group(2), float(match.group(1))))
	return found


def perf_profile(boot: dict, column: Column, data: str,
		 hz: int) -> Dict[str, List[Tuple[str, float]]]:
	"""One boot under perf record, as the runner boots a guest
	(harness.target.boot(): its console kept, the whole process group
	killed at the guest's timeout); the whole boot's one table."""
	command = ['perf', 'record', '-q', '-F', str(hz), '-g', '-o', data,
		   '--'] + boot['command']
	console = data + '.console'
	check(target.boot(command, boot['timeout'], console, False), column,
	      console)
	out = subprocess.run(['perf', 'report', '-i', data, '--no-children',
			      '--sort', 'sym', '-g', 'none', '--stdio'],
			     check=True, capture_output=True, text=True).stdout
	return {'the whole boot': parse_report(out)}


# -- gdbstub ------------------------------------------------------------------

class Phases:
	"""Which figure the benchmark measures, from its console as far as
	written: before the scenario starts, the boot; then each figure until
	its line; then what follows them."""

	def __init__(self, console: str):
		self.console = console
		self.offset = 0
		self.partial = b''
		self.now = BOOT

	def line(self, text: str) -> None:
		text = strip_timestamp(text)
		if self.now == BOOT and START_MARKER.match(text):
			self.now = OPERATIONS[0]
		match = OPERATION.match(text)
		if match and match.group(1) in OPERATIONS:
			later = OPERATIONS.index(match.group(1)) + 1
			self.now = OPERATIONS[later] if later < len(OPERATIONS) else END

	def update(self) -> str:
		try:
			with open(self.console, 'rb') as file:
				file.seek(self.offset)
				data = file.read()
		except FileNotFoundError:
			return self.now
		self.offset += len(data)
		*lines, self.partial = (self.partial + data).split(b'\n')
		for line in lines:
			self.line(line.decode('utf-8', 'replace'))
		return self.now


def free_port() -> int:
	with socket.socket() as sock:
		sock.bind(('127.0.0.1', 0))
		return sock.getsockname()[1]


def stub_profile(boot: dict, column: Column, data: str, hz: int,
		 method: Method, symbols: Symbols
		 ) -> Dict[str, List[Tuple[str, float]]]:
	"""One boot with QEMU's gdb stub, sampled until the guest ends; one
	table per phase (the figures first, in the module's order)."""
	port = free_port()
	command = boot['command'] + [w.format(port=port) for w in method.stub]
	console = data + '.console'
	if os.path.exists(console):
		os.unlink(console)
	done: List[target.Boot] = []
	# a guest the sampler cannot reach waits halted for it: ended at once
	guest = target.Guests()
	booting = threading.Thread(target=lambda: done.append(target.boot(
		command, boot['timeout'], console, False, guests=guest)))
	booting.start()
	phases = Phases(console)
	taken: List[Tuple[str, int]] = []

	def keep(addresses: List[int]) -> None:
		now = phases.update()
		taken.extend((now, address) for address in addresses)

	try:
		stub = gdbstub.Stub.connect(f'127.0.0.1:{port}', STUB_WITHIN)
	except gdbstub.StubError:
		guest.stop()
		booting.join()
		raise
	try:
		gdbstub.sample(stub, method.pc_register, hz, keep)
	finally:
		stub.close()
		booting.join()
	check(done[0], column, console)
	with open(data, 'w', encoding='utf-8') as file:
		file.writelines(f'{phase}\t{address:x}\n' for phase, address in taken)
	by_phase: Dict[str, List[str]] = {}
	for phase, address in taken:
		by_phase.setdefault(phase, []).append(symbols.name(address))
	return {f'{phase} ({len(by_phase[phase])} samples)':
		percentages(by_phase[phase])
		for phase in OPERATIONS + (BOOT, END) if phase in by_phase}


# -- the whole run -------------------------------------------------------------

def run(target_file: str, runner: str, kernel_out: str, columns: List[Column],
	out: str, parts: Dict[str, List[str]], bench_ms: int,
	hz: Optional[int], top: Optional[int]) -> List[str]:
	method = load_method(target_file)
	name = os.path.splitext(os.path.basename(target_file))[0]
	hz = hz or HZ[method.sampler]
	top = top or TOP[method.sampler]
	symbols = {part: part_symbols(items) for part, items in parts.items()}
	kernel = (Symbols.of(os.path.join(kernel_out, method.symbols))
		  if method.sampler == 'gdbstub' else None)
	lines = []
	for column in columns:
		cmdline = column.cmdline + [f'dept_bench.bench_ms={bench_ms}']
		cmdline += method.cmdline.split()
		boot = prepare(runner, out, column, cmdline)
		data = os.path.join(out, f'{column.name}.data')
		if method.sampler == 'perf':
			found = perf_profile(boot, column, data, hz)
		else:
			found = stub_profile(boot, column, data, hz, method, kernel)
		for phase, samples in found.items():
			lines += table(f'== {name}, DEPT {column.name}, {phase}: the '
				       f'{top} functions with the most samples of '
				       f'their own ({method.sampler}, % of the '
				       'samples)', samples, symbols, top)
	return lines
