# SPDX-License-Identifier: GPL-2.0
"""Disk images of the scenarios that ask for one ('disk FILESYSTEM SIZE_MB
[MKFS_OPTION...]' in their expect): made afresh on the host for every run, a sparse file
formatted with mkfs.  How a target attaches them and how its guest names
them is the target's data (harness/target.py, 'disk' in its TOML)."""

import os
import subprocess
from typing import Dict, List, Sequence

# The file systems a scenario may ask for, and the host's command that
# formats an image file with one (-F: it is a file, not a block device).
MKFS: Dict[str, List[str]] = {
	'ext2': ['mkfs.ext2', '-q', '-F'],
	'ext3': ['mkfs.ext3', '-q', '-F'],
	'ext4': ['mkfs.ext4', '-q', '-F'],
}


class DiskError(Exception):
	"""An image could not be made; the message says which and why."""


def blank(size_mb: int, path: str) -> None:
	"""A new sparse, unformatted image of size_mb MiB at path."""
	if os.path.exists(path):
		os.unlink(path)
	with open(path, 'wb') as image:
		image.truncate(size_mb << 20)


def make(filesystem: str, size_mb: int, path: str,
	 options: Sequence[str] = ()) -> None:
	"""A new image of size_mb MiB at path, formatted with filesystem and
	these options of its mkfs."""
	blank(size_mb, path)
	command = MKFS[filesystem] + list(options) + [path]
	try:
		done = subprocess.run(command, capture_output=True, text=True,
				      stdin=subprocess.DEVNULL, check=False)
	except OSError as error:
		raise DiskError(f'cannot run {command[0]}: {error.strerror}') from error
	if done.returncode != 0:
		raise DiskError(f"{' '.join(command)} failed: "
				f'{(done.stderr or done.stdout).strip()}')


def make_all(disks: Sequence, work: str) -> List[str]:
	"""The images of a scenario's disks (expectation.DiskSpec), in order,
	as work/disk0.img, work/disk1.img..."""
	paths = []
	for index, spec in enumerate(disks):
		path = os.path.join(work, f'disk{index}.img')
		make(spec.filesystem, spec.size_mb, path, spec.options)
		paths.append(path)
	return paths
