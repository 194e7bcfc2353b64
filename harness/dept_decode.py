# SPDX-License-Identifier: GPL-2.0
"""Where a report's frames are in the source: each frame symbol+off/size
decoded to file:line by the kernel's own scripts/faddr2line, on vmlinux
for the kernel's frames and on the module's .ko for a module's, one call
per object for all its frames (faddr2line reads the object's symbols once
per call, which on a vmlinux takes seconds).

Every frame DEPT prints is a return address, the instruction after a
call, which may belong to the next line: the query is the byte before it.
The size is left out of the query: kallsyms counts a function's padding,
the object's symbol table does not, and faddr2line refuses a size that
differs."""

import os
import re
import subprocess
from typing import Dict, Iterable, List, Optional, Tuple

from harness.dept_report import Frame

# "y at /path/to/file.c:41" (the first line of a frame's answer is the
# innermost inlined function's place)
ANSWER = re.compile(r'^(\S+) at (\S+):(\d+)')
HEADER = re.compile(r'^(\S+\+0x[0-9a-f]+)(?:/0x[0-9a-f]+)?:$')


def query(frame: Frame) -> str:
	"""faddr2line's argument for @frame: the call it returns from."""
	return f'{frame.symbol}+{max(frame.offset - 1, 0):#x}'


class Objects:
	"""The objects frames come from: vmlinux and the modules' .ko files
	found under some directories."""

	def __init__(self, vmlinux: Optional[str], module_dirs: Iterable[str]):
		self.vmlinux = vmlinux
		self.modules: Dict[str, str] = {}
		for top in module_dirs:
			for root, _, files in os.walk(top):
				for name in files:
					if name.endswith('.ko'):
						# the kernel prints a module's name with '_'
						module = name[:-3].replace('-', '_')
						self.modules.setdefault(module, os.path.join(root, name))

	def of(self, frame: Frame) -> Optional[str]:
		if frame.module:
			return self.modules.get(frame.module.replace('-', '_'))
		return self.vmlinux


def faddr2line(tree: str, obj: str, frames: List[str],
	       cross_compile: str = '') -> Dict[str, Tuple[str, int]]:
	"""{'sym+off': (file, line)} of what faddr2line could place."""
	env = dict(os.environ, CROSS_COMPILE=cross_compile)
	done = subprocess.run([os.path.join(tree, 'scripts', 'faddr2line'), obj]
			      + frames, capture_output=True, text=True,
			      env=env, check=False)
	places: Dict[str, Tuple[str, int]] = {}
	current = None
	for line in done.stdout.splitlines():
		header = HEADER.match(line)
		if header:
			current = header.group(1)
			continue
		answer = ANSWER.match(line)
		if current and answer and current not in places and \
		   answer.group(2) != '??':
			places[current] = (answer.group(2), int(answer.group(3)))
	return places


def decode(frames: List[Frame], objects: Objects, tree: str,
	   cross_compile: str = '') -> List[str]:
	"""Set file and line of every frame faddr2line can place; return
	what could not be decoded and why, one line per object."""
	by_object: Dict[str, List[Frame]] = {}
	problems = []
	unknown_modules = set()
	for frame in frames:
		obj = objects.of(frame)
		if obj:
			by_object.setdefault(obj, []).append(frame)
		elif frame.module:
			unknown_modules.add(frame.module)
	if unknown_modules:
		problems.append('no .ko found for module(s) '
				+ ', '.join(sorted(unknown_modules)))
	if not objects.vmlinux and any(not f.module for f in frames):
		problems.append('no vmlinux given: the kernel\'s frames stay '
				'symbol+offset')
	for obj, members in by_object.items():
		wanted = sorted({query(f) for f in members})
		places = faddr2line(tree, obj, wanted, cross_compile)
		for frame in members:
			if query(frame) in places:
				frame.file, frame.line = places[query(frame)]
		missed = [t for t in wanted if t not in places]
		if missed:
			problems.append(f'{obj}: {len(missed)} of {len(wanted)} '
					'frames not placed')
	return problems
