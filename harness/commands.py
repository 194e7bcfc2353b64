# SPDX-License-Identifier: GPL-2.0
"""The command lines the tool runs on a target, as argument lists: make
building what a run needs (make knows what is out of date), and the
harness's programs running it (the scenario runner, the soak, the gdb
session), every argument filled in from the target's file and the build
folder.  Nothing here runs a command; harness/cli.py does.
"""

import os
import shlex
import sys
from dataclasses import dataclass, field
from typing import List, Optional

from harness import targets
from harness.targets import Build, TargetFile

PYTHON = sys.executable
# The scenarios of make test's soak smoke: a few stressors any kernel of a
# target runs in well under a minute, that reach the soak's whole path
# (the Debian root disk, stress-ng, the verdict per step); madvise for a
# stressor run without a capability (scenarios/soak/stressors).
SOAK_SMOKE_STEPS = ('stress-ng/pipe', 'stress-ng/fork', 'stress-ng/aio',
		    'stress-ng/aiol', 'stress-ng/flock', 'stress-ng/futex',
		    'stress-ng/madvise')


class UnknownTarget(Exception):
	"""A target name no target file has; the message lists the known."""


@dataclass
class Context:
	"""What every command of one invocation shares: the targets, the build
	folder, and how scenarios boot (side by side, KVM, their folders)."""
	all_targets: List[TargetFile]
	build_dir: str = 'build'
	jobs: Optional[int] = None
	kvm: bool = False
	scenario_dirs: List[str] = field(default_factory=lambda: ['scenarios'])
	ccache: str = 'ccache'
	dry_run: bool = False  # print the commands, run none

	def target(self, name: str) -> TargetFile:
		for candidate in self.all_targets:
			if candidate.name == name:
				return candidate
		raise UnknownTarget(f'unknown target {name}; known: '
				    f'{" ".join(self.names)}')

	@property
	def names(self) -> List[str]:
		return [t.name for t in self.all_targets]

	@property
	def default(self) -> str:
		return next(t.name for t in self.all_targets if t.default)

	def build(self, name: str, variant: str = '') -> Build:
		return Build(self.target(name), self.build_dir, variant,
			     self.ccache)

	@property
	def tree(self) -> str:
		return targets.tree(self.build_dir)


def make(context: Context, *goals: str, variant: str = '') -> List[str]:
	"""make of @goals for @variant.  VARIANT and BUILD_DIR are always given:
	a sub-make would otherwise take its caller's from MAKEFLAGS."""
	return ['make', '-s', '--no-print-directory', *goals,
		f'VARIANT={variant}', f'BUILD_DIR={context.build_dir}']


def prepared(context: Context, build: Build) -> List[str]:
	"""make of everything a scenario run on @build's kernel needs."""
	return make(context, f'{build.target.name}-prepared',
		    variant=build.variant)


def jobs(context: Context, target: TargetFile) -> int:
	"""Scenarios booted at once: as asked, else two per CPU (at most 8)
	on a target whose guests mostly wait, else one."""
	if context.jobs:
		return context.jobs
	return min(2 * (os.cpu_count() or 1), 8) if target.parallel else 1


def runner(context: Context, build: Build, work: str,
	   kernel_out: Optional[str] = None) -> List[str]:
	"""The scenario runner on @build's kernel (or the one of the same
	configuration in @kernel_out), its guests and consoles in @work;
	which scenarios it runs and how it shows them, the caller adds."""
	out = kernel_out or build.out
	command = [PYTHON, '-m', 'harness.runner',
		   '--target', build.target.path, '--tree', context.tree,
		   '--out', out,
		   '--kernel', os.path.join(out, build.target.image),
		   '--work', work,
		   '--gen-init-cpio', targets.gen_init_cpio(context.build_dir),
		   '--busybox', build.busybox, '--user-cc', build.user_cc,
		   '--make-args', shlex.join(build.make_args),
		   '--jobs', str(jobs(context, build.target))]
	for directory in context.scenario_dirs:
		command += ['--scenario-dir', directory]
	return command + (['--kvm'] if context.kvm else [])


def rootfs(context: Context, build: Build) -> str:
	"""The Debian root file system of the target's soak (harness/soak.mk)."""
	return os.path.join(context.build_dir, 'rootfs', build.deb_arch + '.tar')


def soak_kernel_out(context: Context, target: TargetFile,
		    floor: bool = False) -> str:
	"""Where the kernel of @target's soak is built: its full configuration
	with DEPT, or the target's soak variant; with @floor, the same
	configuration without DEPT and lockdep (make bench's floor)."""
	if target.soak == 'full':
		return os.path.join(context.build_dir, 'full',
				    f'{target.name}-dept-{"floor" if floor else "y"}')
	return context.build(target.name,
			     'soak+floor' if floor else 'soak').out


def soak_build(context: Context, target: TargetFile,
	       floor: bool = False) -> List[str]:
	"""make of the soak's kernel and of its root file system."""
	build = context.build(target.name)
	if target.soak == 'full':
		return make(context, f'full-config-{target.name}-'
			    f'{"floor" if floor else "y"}', 'FULL_CONFIG_W1=n',
			    rootfs(context, build))
	return make(context, f'{target.name}-kernel', rootfs(context, build),
		    variant='soak+floor' if floor else 'soak')


def soak(context: Context, target: TargetFile, kernel_out: str,
	 work: str) -> List[str]:
	"""harness/soak.py booting the kernel built in @kernel_out (of
	@target's architecture) from the Debian root disk, its consoles and
	results in @work; the workload's options, the caller adds."""
	build = context.build(target.name)
	command = [PYTHON, '-m', 'harness.soak', '--target', target.path,
		   '--name', target.name, '--tree', context.tree,
		   '--kernel-out', kernel_out,
		   '--kernel', os.path.join(kernel_out, target.image),
		   '--rootfs', rootfs(context, build), '--work', work,
		   '--make-args', shlex.join(build.make_args),
		   '--user-cc', build.user_cc]
	return command + (['--kvm'] if context.kvm else [])


def gdb_session(context: Context, build: Build, work: str) -> List[str]:
	"""gdb-scripts/gdb_session.py on @build's kernel; the runner prepares
	its guest in @work."""
	return [PYTHON, 'gdb-scripts/gdb_session.py',
		'--gdb-target', build.target.path, '--out', build.out,
		'--work', work,
		'--prepare', shlex.join(runner(context, build, work))]
