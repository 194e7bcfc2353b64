# SPDX-License-Identifier: GPL-2.0
"""A target, described by a TOML file, and booting it once.

  halt = "poweroff"   busybox applet that ends the guest (/init runs it -f)
  command = [...]     the command that boots the guest; its words may use
                      {kernel}, {initrd}, {cmdline} (the parameters the
                      harness passes to the guest's /init) and {accel}
  accel = "tcg"       the accelerator for {accel} (required if it is used)
  kvm = true          KVM may replace it when asked for (harness/accel.py)
  [disk]              how the disks of a scenario (harness/disk.py) are
                      attached, if the target can:
    args = [...]      words added to the end of the command for each disk,
                      with {image} (its file), {index} (0, 1...) and
                      {letter} (a, b...)
    device = "..."    the guest's block device of that disk, with {index}
                      and {letter}
    reverse = true    the machine names its disks in the reverse order of
                      attachment: they are attached last disk first
"""

import os
import signal
import subprocess
import sys
import threading
import time
import tomllib
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Set


class TargetError(Exception):
	"""The target description cannot be used."""


@dataclass
class Disk:
	args: List[str]
	device: str
	reverse: bool = False


@dataclass
class Target:
	halt: str
	command: List[str]
	accel: Optional[str] = None
	kvm: bool = False
	disk: Optional[Disk] = None

	def boot_command(self, kernel: str, initrd: str, cmdline: str,
			 accel: Optional[str] = None,
			 disks: Sequence[str] = ()) -> List[str]:
		"""The command that boots the guest with these disk images."""
		values = {'kernel': kernel, 'initrd': initrd, 'cmdline': cmdline,
			  'accel': accel or self.accel}
		command = [word.format(**values) for word in self.command]
		return command + (self.disk_args(disks) if disks else [])

	def disk_args(self, disks: Sequence[str], first: int = 0) -> List[str]:
		"""The words that attach these disk images as the guest's disks
		first, first + 1, ..., in the order the machine needs for that."""
		attached = list(enumerate(disks, first))
		if self.disk_attachment().reverse:
			attached.reverse()
		return [word.format(image=image, **disk_names(index))
			for index, image in attached
			for word in self.disk_attachment().args]

	def disk_devices(self, count: int) -> List[str]:
		"""The guest's block devices of the first count disks."""
		return [self.disk_attachment().device.format(**disk_names(index))
			for index in range(count)]

	def disk_attachment(self) -> Disk:
		if self.disk is None:
			raise TargetError('this target cannot attach disks (no [disk] '
					  'in its TOML)')
		return self.disk


def disk_names(index: int) -> dict:
	return {'index': index, 'letter': chr(ord('a') + index)}


@dataclass
class Boot:
	timed_out: bool
	status: int  # exit status of the boot command; meaningless on timeout
	console: str
	ready: bool  # a console line said the guest is up (see boot())


def load_disk(data) -> Optional[Disk]:
	if data is None:
		return None
	if not isinstance(data, dict):
		raise ValueError('disk must be a table')
	args, device = data['args'], data['device']
	if (not isinstance(args, list) or not args or
	    not all(isinstance(word, str) for word in args)):
		raise ValueError('disk.args must be a non-empty list of strings')
	if not isinstance(device, str) or not device:
		raise ValueError('disk.device must be a string')
	reverse = data.get('reverse', False)
	if not isinstance(reverse, bool):
		raise ValueError('disk.reverse must be true or false')
	return Disk(args, device, reverse)


def load(path: str) -> Target:
	try:
		with open(path, 'rb') as file:
			data = tomllib.load(file)
		target = Target(data['halt'], data['command'], data.get('accel'),
				data.get('kvm', False), load_disk(data.get('disk')))
	except (OSError, KeyError, ValueError) as error:  # ValueError: TOML too
		raise TargetError(f'{path}: {error}') from error
	if not isinstance(target.command, list) or not target.command:
		raise TargetError(f'{path}: command must be a non-empty list')
	if not isinstance(target.kvm, bool):
		raise TargetError(f'{path}: kvm must be true or false')
	if any('{accel}' in word for word in target.command) and not target.accel:
		raise TargetError(f'{path}: the command uses {{accel}}: say accel = "..."')
	return target


class Guests:
	"""The guests booting now, so that a run that stops early ends them:
	each runs in a session of its own, which a ^C on the terminal does not
	reach, and those booted beside the one that was interrupted would run
	on until their timeouts."""

	def __init__(self):
		self.lock = threading.Lock()
		self.groups: Set[int] = set()
		self.stopping = False

	def started(self, process: subprocess.Popen) -> None:
		with self.lock:
			self.groups.add(process.pid)
			if self.stopping:
				kill_group(process.pid)

	def ended(self, process: subprocess.Popen) -> None:
		with self.lock:
			self.groups.discard(process.pid)

	def stop(self) -> None:
		"""End every guest booting now and every guest booted later."""
		with self.lock:
			self.stopping = True
			for group in self.groups:
				kill_group(group)


RUNNING = Guests()


def kill_group(group: int) -> None:
	try:
		os.killpg(group, signal.SIGKILL)
	except ProcessLookupError:
		pass


def copy_console(stream, log, echo: bool, ready: Callable[[str], bool],
		 became_ready: threading.Event) -> None:
	for chunk in iter(lambda: stream.readline(), b''):
		log.write(chunk)
		log.flush()
		if echo:
			sys.stderr.buffer.write(chunk)
			sys.stderr.buffer.flush()
		if ready(chunk.decode('utf-8', 'replace')):
			became_ready.set()


def wait_ready(process: subprocess.Popen, became_ready: threading.Event,
	       seconds: float) -> None:
	"""Wait until the guest is ready or has ended; TimeoutExpired if it is
	neither after that many seconds."""
	deadline = time.monotonic() + seconds
	while not became_ready.wait(0.1) and process.poll() is None:
		if time.monotonic() > deadline:
			raise subprocess.TimeoutExpired(process.args, seconds)


def boot(command: List[str], timeout: int, log_path: str, echo: bool,
	 ready: Callable[[str], bool] = lambda line: False,
	 ready_within: Optional[float] = None, guests: Guests = RUNNING) -> Boot:
	"""Run the boot command, console (stdout and stderr) to log_path and,
	with echo, to our stderr; kill the whole guest after timeout seconds,
	or after ready_within seconds if no console line satisfied ready(), or
	when guests are stopped."""
	became_ready = threading.Event()
	with open(log_path, 'wb') as log:
		process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
					   stdout=subprocess.PIPE,
					   stderr=subprocess.STDOUT,
					   start_new_session=True)
		guests.started(process)
		reader = threading.Thread(target=copy_console, args=(
			process.stdout, log, echo, ready, became_ready))
		reader.start()
		timed_out = False
		try:
			if ready_within is not None:
				wait_ready(process, became_ready, ready_within)
			process.wait(timeout - (ready_within or 0))
		except subprocess.TimeoutExpired:
			timed_out = True
		finally:
			guests.ended(process)
			# The guest may leave helper processes (UML) behind.
			kill_group(process.pid)
			process.wait()
			reader.join()
			process.stdout.close()
	with open(log_path, encoding='utf-8', errors='replace') as log:
		return Boot(timed_out, process.returncode, log.read(),
			    became_ready.is_set())
