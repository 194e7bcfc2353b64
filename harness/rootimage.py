# SPDX-License-Identifier: GPL-2.0
"""The root disk of a soak boot: a Debian root file system (a tarball made
by harness/rootfs.sh), the kernel's modules, and the workload of
scenarios/soak with its programs compiled for the guest, as an ext4 image
made on the host (mkfs.ext4 -d, no mount)."""

import os
import shutil
import subprocess
from typing import List

from harness import disk, programs
from harness.modules import LOG_TAIL, BuildError
from harness.paths import SCENARIOS_DIR

SOAK_DIR = os.path.join(SCENARIOS_DIR, 'soak')
# The workload's own programs: source, and name in the guest's /soak
PROGRAMS = {os.path.join(SCENARIOS_DIR, 'fs-workload', 'user', 'fsload.c'):
	    'fsload'}
SYSTEMD_UNITS = ('soak.target', 'dept-soak.service')
# Free room on the root disk for the workload: fs-workload's loop images
# (512 MiB each, one at a time) and the stressors' files
FREE_MB = 3072


def run(command: List[str], log_path: str, what: str) -> None:
	with open(log_path, 'a', encoding='utf-8') as log:
		log.write('$ ' + ' '.join(command) + '\n')
		log.flush()
		status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT,
					 stdin=subprocess.DEVNULL)
	if status != 0:
		with open(log_path, encoding='utf-8', errors='replace') as log:
			lines = log.read().splitlines()
		raise BuildError(f'{what} failed (log: {log_path}):', lines[-LOG_TAIL:])


def stage(root: str, rootfs: str, tree: str, kernel_out: str,
	  make_args: List[str], user_cc: List[str], log_path: str) -> None:
	"""Fill the folder root afresh with what the root disk holds."""
	if os.path.exists(root):
		shutil.rmtree(root)
	os.makedirs(root)
	run(['tar', '-xf', rootfs, '-C', root, '--numeric-owner'], log_path,
	    f'unpacking {rootfs}')
	if os.path.exists(os.path.join(kernel_out, 'modules.order')):
		run(['make', '-s', '-C', tree, f'O={os.path.abspath(kernel_out)}',
		     *make_args, f'INSTALL_MOD_PATH={os.path.abspath(root)}',
		     'INSTALL_MOD_STRIP=1', 'modules_install'], log_path,
		    'installing the kernel modules')
	soak = os.path.join(root, 'soak')
	shutil.copytree(SOAK_DIR, soak)
	for source, name in PROGRAMS.items():
		run([*user_cc, *programs.CFLAGS, '-o',
		     os.path.join(soak, name), source], log_path,
		    f'compiling {os.path.basename(source)}')
	units = os.path.join(root, 'etc', 'systemd', 'system')
	os.makedirs(units, exist_ok=True)
	for unit in SYSTEMD_UNITS:
		shutil.copy(os.path.join(SOAK_DIR, unit), units)


def folder_mb(path: str) -> int:
	done = subprocess.run(['du', '-sm', path], capture_output=True, text=True,
			      check=True)
	return int(done.stdout.split()[0])


def image(root: str, path: str) -> None:
	"""An ext4 image at path holding root, with FREE_MB to spare;
	disk.DiskError if it cannot be made."""
	disk.make('ext4', folder_mb(root) * 5 // 4 + FREE_MB, path, ('-d', root))
