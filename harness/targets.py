# SPDX-License-Identifier: GPL-2.0
"""The targets, each described once by a TOML file of its own, and what the
rest of the repository learns from those files.

A target file is um-config/*.toml or qemu-config/*.toml; the file's name
is the target's name.  Besides how the harness boots the target (the
top-level keys and [disk], harness/target.py; [soak], harness/soak.py)
it holds:

  [build]             how its kernel is built (harness/target.mk)
    arch = "x86_64"           ARCH= of the kernel build
    cross_compile = "..."     CROSS_COMPILE= (absent: the host's compiler)
    deb_arch = "amd64"        Debian architecture of the guest's userspace
                              (absent: the host's)
    image = "..."             the image the guest boots, in the output dir
    fragments = [...]         config fragments applied after
                              scenarios/guest/*.config, later ones winning
    packages = [...]          Debian packages it needs besides everyone's
    series = "arch-glue/T"    its patches, applied after src/patches
    sources = ["arch/x86/"]   the kernel paths whose commits belong to
                              its series (make series-export)
    soak = "full"|"variant"   the kernel make soak boots: the full
                              configuration (harness/full-config.mk) or
                              the target's kernel with the soak variant
    full_config = "..."       the fragment of its full configuration, if
                              it has one (make full-config-builds)
  parallel = true     its guests mostly wait: scenarios boot side by side,
                      two per CPU (top level, beside how it boots)
  default = true      the target of make run, make gdb and make bench when
                      none is named (top level; one target says so):
                      the fastest edit loop, which make bench times (an
                      edit of the engine to the suite's verdict) and
                      profiles under the host's perf
  [gdb]               how gdb reaches its kernel (gdb-scripts/gdb_session.py)
  [tests]             what make test runs on it besides the scenario suite
    gdb = true                DEPT's gdb commands against its kernel
    lockdep_selftests = true  lockdep's selftests with DEPT's verdict
    soak_smoke = true         a short soak on its own kernel

Nothing else in the repository names a target: make reads the variables
this module writes (python3 -m harness.targets make), the series scripts
read its series folders (python3 -m harness.targets series).

usage: python3 -m harness.targets make|series [TARGET FILE...]
"""

import argparse
import glob
import os
import sys
import tomllib
from dataclasses import dataclass, field
from typing import List, Optional

from harness.paths import ROOT

# The folders of target files, relative to the repository: a target
# running as a host process, then targets run by QEMU.
TARGET_DIRS = ('um-config', 'qemu-config')
SOAK_KERNELS = ('full', 'variant')
TESTS = ('gdb', 'lockdep_selftests', 'soak_smoke')


class TargetFileError(Exception):
	"""A target file cannot be used; the message names the file."""


@dataclass
class TargetFile:
	name: str
	path: str  # relative to the repository
	arch: str
	image: str
	series: str
	sources: List[str]
	soak: str
	cross_compile: str = ''
	deb_arch: Optional[str] = None
	fragments: List[str] = field(default_factory=list)
	packages: List[str] = field(default_factory=list)
	full_config: Optional[str] = None
	tests: List[str] = field(default_factory=list)
	parallel: bool = False
	default: bool = False


def target_paths(root: str = ROOT) -> List[str]:
	"""The target files, relative to root, in the order of TARGET_DIRS
	and then of their names."""
	paths = []
	for directory in TARGET_DIRS:
		paths += sorted(os.path.relpath(path, root) for path in
				glob.glob(os.path.join(root, directory, '*.toml')))
	return paths


def string_list(value, what: str) -> List[str]:
	if (not isinstance(value, list) or
	    not all(isinstance(item, str) and item for item in value)):
		raise ValueError(f'{what} must be a list of strings')
	return value


def load(path: str, root: str = ROOT) -> TargetFile:
	"""The target file at path (relative to root)."""
	name = os.path.splitext(os.path.basename(path))[0]
	try:
		with open(os.path.join(root, path), 'rb') as file:
			data = tomllib.load(file)
		build = data['build']
		tests = data.get('tests', {})
		unknown = set(tests) - set(TESTS)
		if unknown:
			raise ValueError(f'[tests] knows {", ".join(TESTS)}, not '
					 f'{", ".join(sorted(unknown))}')
		target = TargetFile(
			name=name, path=path, arch=build['arch'],
			image=build['image'], series=build['series'],
			sources=string_list(build['sources'], 'build.sources'),
			soak=build['soak'],
			cross_compile=build.get('cross_compile', ''),
			deb_arch=build.get('deb_arch'),
			fragments=string_list(build.get('fragments', []),
					      'build.fragments'),
			packages=string_list(build.get('packages', []),
					     'build.packages'),
			full_config=build.get('full_config'),
			tests=[test for test in TESTS if tests.get(test)],
			parallel=data.get('parallel', False),
			default=data.get('default', False))
	except (OSError, KeyError, ValueError) as error:  # ValueError: TOML too
		raise TargetFileError(f'{path}: {error}') from error
	for key in ('parallel', 'default'):
		if not isinstance(getattr(target, key), bool):
			raise TargetFileError(f'{path}: {key} must be true or false')
	if target.soak not in SOAK_KERNELS:
		raise TargetFileError(f'{path}: build.soak must be one of '
				      f'{", ".join(SOAK_KERNELS)}')
	for fragment in (target.fragments +
			 ([target.full_config] if target.full_config else [])):
		if not os.path.isfile(os.path.join(root, fragment)):
			raise TargetFileError(f'{path}: no fragment {fragment}')
	return target


def make_variables(targets: List[TargetFile]) -> str:
	"""Make's view of the targets: per target T the T_* variables that
	harness/target.mk documents, the target's definition, and the lists of
	targets by what make test runs on them."""
	lines = ['# Written by python3 -m harness.targets from the target files.']
	for t in targets:
		lines += [
			f'{t.name}_ARCH := {t.arch}',
			f'{t.name}_CROSS_COMPILE := {t.cross_compile}',
			f'{t.name}_DEB_ARCH := {t.deb_arch or "$(HOST_DEB_ARCH)"}',
			f'{t.name}_IMAGE := {t.image}',
			f'{t.name}_FRAGMENTS := $(GUEST_FRAGMENTS) '
			+ ' '.join(t.fragments),
			f'{t.name}_TOML := {t.path}',
			f'{t.name}_PACKAGES := {" ".join(t.packages)}',
			f'{t.name}_SOAK := {t.soak}',
			f'{t.name}_FULL_CONFIG := {t.full_config or ""}',
			f'{t.name}_PARALLEL := {1 if t.parallel else ""}',
			f'$(eval $(call target,{t.name}))',
		]
	for test in TESTS:
		names = ' '.join(t.name for t in targets if test in t.tests)
		lines.append(f'{test.upper()}_TARGETS := {names}')
	names = ' '.join(t.name for t in targets if t.full_config)
	lines.append(f'FULL_CONFIG_TARGETS := {names}')
	lines.append('DEFAULT_TARGET := '
		     + ' '.join(t.name for t in targets if t.default))
	return '\n'.join(lines) + '\n'


def series_lines(targets: List[TargetFile]) -> str:
	"""One line per target with a series: its folder, then the kernel
	paths of its commits."""
	return ''.join(f'{t.series} {" ".join(t.sources)}\n' for t in targets)


def check_set(targets: List[TargetFile]) -> Optional[str]:
	"""What is wrong with these targets together, or None."""
	names = [t.name for t in targets]
	duplicates = sorted({n for n in names if names.count(n) > 1})
	if duplicates:
		return f'two target files name {", ".join(duplicates)}'
	defaults = [t.path for t in targets if t.default]
	if len(defaults) != 1:
		return ('one target file must say default = true, not '
			f'{len(defaults)} ({", ".join(defaults) or "none"})')
	return None


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(
		description='What the target files say, for make and the '
		'series scripts.')
	parser.add_argument('what', choices=('make', 'series'))
	parser.add_argument('files', nargs='*',
			    help='target files (default: every one, '
			    f'{" and ".join(d + "/*.toml" for d in TARGET_DIRS)})')
	args = parser.parse_args(argv)
	try:
		targets = [load(path) for path in args.files or target_paths()]
	except TargetFileError as error:
		print(f'targets: error: {error}', file=sys.stderr)
		return 1
	names = [t.name for t in targets]
	error = check_set(targets)
	if error:
		print(f'targets: error: {error}', file=sys.stderr)
		return 1
	sys.stdout.write(make_variables(targets) if args.what == 'make'
			 else series_lines(targets))
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
