# SPDX-License-Identifier: GPL-2.0
"""A target, described by a TOML file, and booting it once.

  halt = "poweroff"   busybox applet that ends the guest (/init runs it -f)
  command = [...]     the command that boots the guest; its words may use
                      {kernel}, {initrd} and {cmdline} (the parameters the
                      harness passes to the guest's /init)
"""

import os
import signal
import subprocess
import sys
import threading
import tomllib
from dataclasses import dataclass
from typing import List


class TargetError(Exception):
	"""The target description cannot be used."""


@dataclass
class Target:
	halt: str
	command: List[str]

	def boot_command(self, kernel: str, initrd: str, cmdline: str) -> List[str]:
		values = {'kernel': kernel, 'initrd': initrd, 'cmdline': cmdline}
		return [word.format(**values) for word in self.command]


@dataclass
class Boot:
	timed_out: bool
	status: int  # exit status of the boot command; meaningless on timeout
	console: str


def load(path: str) -> Target:
	try:
		with open(path, 'rb') as file:
			data = tomllib.load(file)
		target = Target(data['halt'], data['command'])
	except (OSError, tomllib.TOMLDecodeError, KeyError) as error:
		raise TargetError(f'{path}: {error}') from error
	if not isinstance(target.command, list) or not target.command:
		raise TargetError(f'{path}: command must be a non-empty list')
	return target


def copy_console(stream, log, echo: bool) -> None:
	for chunk in iter(lambda: stream.readline(), b''):
		log.write(chunk)
		log.flush()
		if echo:
			sys.stderr.buffer.write(chunk)
			sys.stderr.buffer.flush()


def boot(command: List[str], timeout: int, log_path: str, echo: bool) -> Boot:
	"""Run the boot command, console (stdout and stderr) to log_path and,
	with echo, to our stderr; kill the whole guest after timeout seconds."""
	with open(log_path, 'wb') as log:
		process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
					   stdout=subprocess.PIPE,
					   stderr=subprocess.STDOUT,
					   start_new_session=True)
		reader = threading.Thread(target=copy_console,
					  args=(process.stdout, log, echo))
		reader.start()
		timed_out = False
		try:
			process.wait(timeout)
		except subprocess.TimeoutExpired:
			timed_out = True
		finally:
			# The guest may leave helper processes (UML) behind.
			try:
				os.killpg(process.pid, signal.SIGKILL)
			except ProcessLookupError:
				pass
			process.wait()
			reader.join()
	with open(log_path, encoding='utf-8', errors='replace') as log:
		return Boot(timed_out, process.returncode, log.read())
