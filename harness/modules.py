# SPDX-License-Identifier: GPL-2.0
"""Building a scenario's kernel modules against the target's kernel tree.

A build that kbuild would find up to date is not run at all: kbuild takes
one to three seconds to start up even when it has nothing to do, once per
scenario, which in the edit loop (the engine touched, every scenario run
again) is most of what the runner spends before booting.  Whether it is
up to date is decided from kbuild's own record of each object's
dependencies (the .*.o.cmd files: sources, headers, the configuration
options it read), the scenario's files, the kernel's Module.symvers
(the symbols the modules link against) and the make arguments.  On a
fresh kernel, the modules of all the scenarios of a run are built in one
kbuild run before the first boot (build_all())."""

import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
from typing import Iterator, List

from harness.paths import SCENARIOS_DIR
from harness.scenario import Scenario

LOG_TAIL = 15  # lines of a failed build quoted in the diagnostics
# Headers shared by scenario modules: a Kbuild file adds -I$(SCENARIO_LIB).
SCENARIO_LIB = os.path.join(SCENARIOS_DIR, 'lib')


class BuildError(Exception):
	"""Guest code (modules, user programs) did not build; args: message,
	lines of the build log."""


# what the last successful build in a module folder was made against
STAMP = '.harness-built'
# the folder of the kbuild run that builds many scenarios' modules at once
BATCH = '.modules'
# an obj-m line of a Kbuild file: the module objects it names
OBJ_M = re.compile(r'^\s*obj-m\s*[:+]?=(.*)$')


def cmd_dependencies(cmd_path: str, out: str) -> Iterator[tuple]:
	"""(path, required) of each dependency kbuild recorded in a .cmd
	file; '$(wildcard P)' entries are the configuration options and
	headers that need not exist.  Relative paths are in @out."""
	with open(cmd_path, encoding='utf-8', errors='replace') as file:
		in_deps = False
		for line in file:
			if line.startswith('deps_'):
				in_deps = True
				continue
			entry = line.strip().rstrip('\\').strip()
			if not in_deps:
				continue
			if not entry:
				return
			required = not entry.startswith('$(wildcard ')
			if not required:
				entry = entry[len('$(wildcard '):].rstrip(')')
			yield os.path.join(out, entry), required


def file_digest(path: str) -> str:
	try:
		with open(path, 'rb') as file:
			return hashlib.sha256(file.read()).hexdigest()
	except OSError:
		return ''


def build_key(out: str, make_args: List[str]) -> dict:
	"""What a build depends on beyond its objects' recorded dependencies:
	the kernel's symbols, its whole configuration (which sets compiler
	flags, -gdwarf-4 or -gsplit-dwarf say, that kbuild compares in its
	command lines and the .cmd files do not list) and the make
	arguments."""
	return {'symvers': file_digest(os.path.join(out, 'Module.symvers')),
		'config': file_digest(os.path.join(out, 'include', 'config',
						   'auto.conf')),
		'make_args': make_args}


def up_to_date(source: str, out: str, make_args: List[str]) -> bool:
	"""Whether the last build in @source (a scenario's copy) is what
	kbuild would make now."""
	try:
		with open(os.path.join(source, STAMP), encoding='utf-8') as file:
			if json.load(file) != build_key(out, make_args):
				return False
	except (OSError, ValueError):
		return False
	kos = glob.glob(os.path.join(source, '*.ko'))
	cmds = glob.glob(os.path.join(source, '.*.o.cmd'))
	if not kos or not cmds:
		return False
	built = min(os.stat(ko).st_mtime for ko in kos)
	mine = [os.path.join(source, name) for name in os.listdir(source)
		if not name.startswith('.') and
		os.path.isfile(os.path.join(source, name))]
	for cmd in cmds:
		for path, required in cmd_dependencies(cmd, out):
			try:
				if os.stat(path).st_mtime > built:
					return False
			except OSError:
				if required:
					return False
	return all(os.stat(path).st_mtime <= built for path in mine
		   if not path.endswith('.ko'))


def copy_sources(scenario: Scenario, work: str) -> str:
	"""The scenario's folder copied to work/module, mtimes kept (an
	unchanged module stays up to date), symbolic links followed; its
	path."""
	source = os.path.join(work, 'module')
	shutil.copytree(scenario.path, source, dirs_exist_ok=True)
	return source


def module_names(source: str) -> List[str]:
	"""The modules a Kbuild file makes: the objects its obj-m lines
	name."""
	names = []
	with open(os.path.join(source, 'Kbuild'), encoding='utf-8') as file:
		for line in file:
			match = OBJ_M.match(line)
			if match:
				names += match.group(1).split()
	return names


def run_kbuild(tree: str, out: str, source: str, make_args: List[str],
	       log_path: str) -> bool:
	command = ['make', '-C', tree, f'O={os.path.abspath(out)}',
		   f'M={os.path.abspath(source)}', f'SCENARIO_LIB={SCENARIO_LIB}',
		   *make_args, 'modules']
	with open(log_path, 'w', encoding='utf-8') as log:
		return subprocess.call(command, stdout=log, stderr=subprocess.STDOUT,
				       stdin=subprocess.DEVNULL) == 0


def write_stamp(source: str, out: str, make_args: List[str]) -> None:
	with open(os.path.join(source, STAMP), 'w', encoding='utf-8') as file:
		json.dump(build_key(out, make_args), file)


def drop_stamp(source: str) -> None:
	"""Before a build: one that fails must not leave the last one's
	stamp on what it half rebuilt."""
	stamp = os.path.join(source, STAMP)
	if os.path.exists(stamp):
		os.remove(stamp)


def build_all(scenarios: List[Scenario], tree: str, out: str,
	      make_args: List[str], work: str, jobs: int) -> str:
	"""Build the modules of many scenarios in one kbuild run, so that
	each scenario's build() then finds its own up to date.  kbuild's
	start-up, not the compiler, is most of a small module's build: the
	arm64 suite's 57 modules took 150 s one by one, 55 s in one run,
	on two CPUs shared with a kernel build.

	The run's folder, work/.modules, holds a Kbuild that names one link
	per scenario to its copy in work/NAME/module.  kbuild refuses two
	modules of one name in a run: a scenario whose module name an
	earlier one took is left to build().  If the run fails, no stamp is
	written and each scenario's build() builds alone, with its own log
	and diagnostics.  Returns what went wrong, '' if nothing did."""
	batch = os.path.join(work, BATCH)
	links, taken = [], set()
	for scenario in scenarios:
		if not scenario.has_modules:
			continue
		names = module_names(scenario.path)
		source = copy_sources(scenario, os.path.join(work, scenario.name))
		if not names or taken & set(names) or \
		   up_to_date(source, out, make_args):
			continue
		taken |= set(names)
		links.append((scenario.name, source))
	if len(links) < 2:
		return ''
	shutil.rmtree(batch, ignore_errors=True)
	os.makedirs(batch)
	with open(os.path.join(batch, 'Kbuild'), 'w', encoding='utf-8') as file:
		for name, source in links:
			os.symlink(os.path.relpath(source, batch),
				   os.path.join(batch, name))
			file.write(f'obj-m += {name}/\n')
	for _, source in links:
		drop_stamp(source)
	log_path = os.path.join(batch, 'build.log')
	if not run_kbuild(tree, out, batch, make_args + [f'-j{jobs}'],
			  log_path):
		return (f'the modules of {len(links)} scenarios did not build in '
			f'one run (log: {log_path}): each builds alone')
	for _, source in links:
		write_stamp(source, out, make_args)
	return ''


def build(scenario: Scenario, tree: str, out: str, make_args: List[str],
	  work: str) -> List[str]:
	"""Build the modules in a copy of the scenario under work/; return the
	.ko files.  The copy keeps mtimes, so an unchanged module is not
	rebuilt, and kbuild is not even started (up_to_date())."""
	if not scenario.has_modules:
		return []
	source = copy_sources(scenario, work)
	if up_to_date(source, out, make_args):
		return sorted(glob.glob(os.path.join(source, '*.ko')))
	drop_stamp(source)
	log_path = os.path.join(work, 'build.log')
	if not run_kbuild(tree, out, source, make_args, log_path):
		with open(log_path, encoding='utf-8', errors='replace') as log:
			lines = log.read().splitlines()
		raise BuildError(f'the module does not build (log: {log_path}):',
				 lines[-LOG_TAIL:])
	modules = sorted(glob.glob(os.path.join(source, '*.ko')))
	if not modules:
		raise BuildError(f'the build made no .ko file (log: {log_path})', [])
	write_stamp(source, out, make_args)
	return modules
