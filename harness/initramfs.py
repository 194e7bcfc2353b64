# SPDX-License-Identifier: GPL-2.0
"""The guest's initramfs: busybox and its applets' links, the harness's
/init and guest tools (in /bin), and one scenario's guest files in
/scenario, written by the kernel's own usr/gen_init_cpio."""

import functools
import os
import subprocess
from typing import List, Sequence, Tuple

DIRECTORIES = ('/bin', '/sbin', '/usr', '/usr/bin', '/usr/sbin', '/dev',
	       '/proc', '/sys', '/tmp', '/scenario')


@functools.lru_cache(maxsize=None)
def applets(busybox: str) -> Tuple[str, ...]:
	"""Where busybox's applets are linked ('bin/ls', ...), asked of the
	busybox itself; none if it cannot run here (another architecture's):
	then the guest's /init links them at boot, which costs a UML guest a
	fifth of a second of every boot, a QEMU guest less."""
	try:
		listed = subprocess.run([busybox, '--list-full'], check=True,
					capture_output=True, text=True,
					timeout=30).stdout
	except (OSError, subprocess.SubprocessError):
		return ()
	return tuple(line.strip() for line in listed.splitlines() if line.strip())


def spec(busybox: str, init: str, guest_files: List[str],
	 tools: Sequence[str] = ()) -> str:
	lines = [f'dir {d} 0755 0 0' for d in DIRECTORIES]
	lines += [
		'nod /dev/console 0600 0 0 c 5 1',
		f'file /bin/busybox {os.path.abspath(busybox)} 0755 0 0',
		'slink /bin/sh busybox 0777 0 0',
		f'file /init {os.path.abspath(init)} 0755 0 0',
	]
	# busybox lists itself too
	lines += [f'slink /{applet} /bin/busybox 0777 0 0'
		  for applet in applets(busybox)
		  if applet not in ('bin/busybox', 'bin/sh')]
	lines += [f'file /bin/{os.path.basename(f)} {os.path.abspath(f)} 0755 0 0'
		  for f in tools]
	lines += [f'file /scenario/{os.path.basename(f)} {os.path.abspath(f)} 0755 0 0'
		  for f in guest_files]
	return '\n'.join(lines) + '\n'


def write(path: str, gen_init_cpio: str, busybox: str, init: str,
	  guest_files: List[str], tools: Sequence[str] = ()) -> None:
	with open(path + '.spec', 'w', encoding='utf-8') as file:
		file.write(spec(busybox, init, guest_files, tools))
	with open(path, 'wb') as cpio:
		subprocess.run([gen_init_cpio, path + '.spec'], stdout=cpio, check=True)
