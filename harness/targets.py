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
  default = true      the target of make run, make gdb, make bench and
                      make bench-profile when none is named (top level;
                      one target says so): the fastest edit loop, which
                      make bench times (an edit of the engine to the
                      suite's verdict)
  [gdb]               how gdb reaches its kernel (gdb-scripts/gdb_session.py)
  [profile]           how make bench-profile samples it (bench/profile.py)
  [tests]             what make test runs on it besides the scenario suite
    gdb = true                DEPT's gdb commands against its kernel
    lockdep_selftests = true  lockdep's selftests with DEPT's verdict
    soak_smoke = true         a short soak on its own kernel

The host, treated as one more architecture (a user program on a shim, no
kernel), has a file of its own, arch-glue/host/host.toml: [build] its
shim, its cases, its program's name, its packages; [tests] the stages
make test runs (harness/host_stages.py); [gdb] the case make gdb
TARGET=host stops in.

Nothing else in the repository names a target: make reads the variables
this module writes (python3 -m harness.targets make), the series scripts
read its series folders (python3 -m harness.targets series).

usage: python3 -m harness.targets make|series [TARGET FILE...]
"""

import argparse
import functools
import glob
import os
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from harness import variants
from harness.host_stages import STAGES as HOST_STAGES
from harness.paths import ROOT

# The folders of target files, relative to the repository: a target
# running as a host process, then targets run by QEMU.
TARGET_DIRS = ('um-config', 'qemu-config')
SOAK_KERNELS = ('full', 'variant')
HOST_FILE = os.path.join('arch-glue', 'host', 'host.toml')
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
	gdb_table: bool = False  # gdb knows how to reach it
	build: Dict[str, str] = field(default_factory=dict)  # [build] as read


@dataclass
class HostFile:
	"""The host's file: the program built on the shim and how it is run."""
	path: str
	shim: str
	cases: str
	program: str
	packages: List[str]
	stages: List[str]
	gdb_case: str


def load_host(path: str = HOST_FILE, root: str = ROOT) -> HostFile:
	try:
		with open(os.path.join(root, path), 'rb') as file:
			data = tomllib.load(file)
		build = data['build']
		host = HostFile(
			path=path, shim=build['shim'], cases=build['cases'],
			program=build['program'],
			packages=string_list(build['packages'], 'build.packages'),
			stages=string_list(data['tests']['stages'], 'tests.stages'),
			gdb_case=data['gdb']['case'])
	except (OSError, KeyError, ValueError) as error:
		raise TargetFileError(f'{path}: {error}') from error
	unknown = [stage for stage in host.stages if stage not in HOST_STAGES]
	if unknown:
		raise TargetFileError(f'{path}: tests.stages knows '
				      f'{", ".join(HOST_STAGES)}, not '
				      f'{", ".join(unknown)}')
	for folder in (host.shim, host.cases):
		if not os.path.isdir(os.path.join(root, folder)):
			raise TargetFileError(f'{path}: no folder {folder}')
	return host


def host_make_variables(host: HostFile) -> str:
	"""Make's view of the host's file (harness/host.mk)."""
	return ''.join(f'HOST_{key} := {value}\n' for key, value in (
		('DIR', host.shim), ('SCENARIOS', host.cases),
		('PROGRAM', host.program), ('DEBS', ' '.join(host.packages)),
		('TEST_STAGES', ','.join(host.stages)),
		('GDB_CASE', host.gdb_case)))


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
			default=data.get('default', False),
			gdb_table='gdb' in data,
			build={key: str(value) for key, value in build.items()})
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


def guest_fragments(root: str = ROOT) -> List[str]:
	"""What every guest kernel needs, before a target's own fragments."""
	return sorted(os.path.relpath(path, root) for path in
		      glob.glob(os.path.join(root, 'scenarios', 'guest', '*.config')))


@functools.cache
def host_deb_arch() -> str:
	return subprocess.run(['dpkg', '--print-architecture'], check=True,
			      capture_output=True, text=True).stdout.strip()


def tree(build_dir: str) -> str:
	"""The prepared kernel tree every target builds (harness/tree.mk)."""
	return os.path.join(build_dir, 'linux')


def gen_init_cpio(build_dir: str) -> str:
	"""The kernel's initramfs writer, built on the host (harness/tree.mk)."""
	return os.path.join(build_dir, 'tools', 'gen_init_cpio')


@dataclass
class Build:
	"""The kernel of @target with @variant ('' for its default kernel) in
	@build_dir: where it is built and its scenarios run, and how.  make
	(its variables, harness/target.mk) and the command-line tool
	(harness/cli.py) both take these places from here."""
	target: TargetFile
	build_dir: str
	variant: str = ''
	ccache: str = 'ccache'
	root: str = ROOT

	@property
	def dir_name(self) -> str:
		return self.target.name + (f'-{self.variant}' if self.variant else '')

	@property
	def out(self) -> str:
		return os.path.join(self.build_dir, self.dir_name)

	@property
	def runs(self) -> str:
		return os.path.join(self.build_dir, 'runs', self.dir_name)

	@property
	def kernel(self) -> str:
		return os.path.join(self.out, self.target.image)

	@property
	def fragments(self) -> List[str]:
		"""Later ones win: every guest's, the target's, the variant's."""
		return (guest_fragments(self.root) + self.target.fragments
			+ variants.fragments(self.variant, self.root))

	@property
	def skip(self) -> str:
		"""Why the variant is not built for this target ('' if it is)."""
		return variants.skip_reason(self.variant, self.target.build,
					    self.root)

	@property
	def deb_arch(self) -> str:
		return self.target.deb_arch or host_deb_arch()

	@property
	def foreign(self) -> bool:
		"""Its userspace is not of the host's architecture."""
		return self.deb_arch != host_deb_arch()

	@property
	def busybox(self) -> str:
		"""A static busybox of its userspace's architecture: the host's
		own, or one fetched from Debian."""
		if not self.foreign:
			return '/bin/busybox'
		return os.path.join(self.build_dir, 'busybox', self.deb_arch,
				    'busybox')

	@property
	def user_cc(self) -> str:
		return self.target.cross_compile + 'gcc'

	@property
	def make_args(self) -> List[str]:
		"""The arguments of every kernel and module build."""
		cross = ([f'CROSS_COMPILE={self.target.cross_compile}']
			 if self.target.cross_compile else [])
		return ([f'ARCH={self.target.arch}'] + cross +
			[f'CC={" ".join(filter(None, (self.ccache, self.user_cc)))}'])


def make_variables(builds: List[Build]) -> str:
	"""Make's view of the targets: per target T the T_* variables that
	harness/target.mk documents, the target's definition, and the lists of
	targets by what make test runs on them."""
	lines = ['# Written by python3 -m harness.targets from the target files.']
	for b in builds:
		t = b.target
		lines += [f'{t.name}_{key} := {value}' for key, value in (
			('ARCH', t.arch),
			('CROSS_COMPILE', t.cross_compile),
			('DEB_ARCH', b.deb_arch),
			('FOREIGN', 1 if b.foreign else ''),
			('IMAGE', t.image),
			('FRAGMENTS', ' '.join(b.fragments)),
			('TOML', t.path),
			('PACKAGES', ' '.join(t.packages)),
			('SOAK', t.soak),
			('FULL_CONFIG', t.full_config or ''),
			('OUT', b.out),
			('RUNS', b.runs),
			('KERNEL', b.kernel),
			('BUSYBOX', b.busybox),
			('USER_CC', b.user_cc),
			('MAKE_ARGS', ' '.join(map(shlex.quote, b.make_args))),
			('SKIP', b.skip))]
		lines.append(f'$(eval $(call target,{t.name}))')
	targets = [b.target for b in builds]
	for test in TESTS:
		names = ' '.join(t.name for t in targets if test in t.tests)
		lines.append(f'{test.upper()}_TARGETS := {names}')
	names = ' '.join(t.name for t in targets if t.full_config)
	lines.append(f'FULL_CONFIG_TARGETS := {names}')
	lines.append('DEFAULT_TARGET := '
		     + ' '.join(t.name for t in targets if t.default))
	lines.append('VARIANTS := ' + ' '.join(variants.names()))
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


def load_all(files: Optional[List[str]] = None,
	     root: str = ROOT) -> List[TargetFile]:
	"""The target files (default: every one), checked one by one and
	together."""
	targets = [load(path, root) for path in files or target_paths(root)]
	error = check_set(targets)
	if error:
		raise TargetFileError(error)
	return targets


def main(argv: List[str]) -> int:
	parser = argparse.ArgumentParser(
		description='What the target files say, for make and the '
		'series scripts.')
	parser.add_argument('what', choices=('make', 'series'))
	parser.add_argument('files', nargs='*',
			    help='target files (default: every one, '
			    f'{" and ".join(d + "/*.toml" for d in TARGET_DIRS)})')
	parser.add_argument('--build-dir', default='build')
	parser.add_argument('--variant', default='',
			    help='the kernel variant make builds (VARIANT=)')
	parser.add_argument('--ccache', default='ccache',
			    help='the compiler cache of kernel builds (empty: none)')
	args = parser.parse_intermixed_args(argv)
	try:
		targets = load_all(args.files)
		builds = [Build(t, args.build_dir, args.variant, args.ccache)
			  for t in targets]
		sys.stdout.write(make_variables(builds)
				 + host_make_variables(load_host())
				 if args.what == 'make' else series_lines(targets))
	except (TargetFileError, variants.UnknownVariant) as error:
		print(f'targets: error: {error}', file=sys.stderr)
		return 1
	return 0


if __name__ == '__main__':
	sys.exit(main(sys.argv[1:]))
