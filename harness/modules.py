# SPDX-License-Identifier: GPL-2.0
"""Building a scenario's kernel modules against the target's kernel tree."""

import glob
import os
import shutil
import subprocess
from typing import List

from harness.paths import SCENARIOS_DIR
from harness.scenario import Scenario

LOG_TAIL = 15  # lines of a failed build quoted in the diagnostics
# Headers shared by scenario modules: a Kbuild file adds -I$(SCENARIO_LIB).
SCENARIO_LIB = os.path.join(SCENARIOS_DIR, 'lib')


class BuildError(Exception):
	"""Guest code (modules, user programs) did not build; args: message,
	lines of the build log."""


def build(scenario: Scenario, tree: str, out: str, make_args: List[str],
	  work: str) -> List[str]:
	"""Build the modules in a copy of the scenario under work/; return the
	.ko files.  The copy keeps mtimes, so an unchanged module is not
	rebuilt."""
	if not scenario.has_modules:
		return []
	source = os.path.join(work, 'module')
	shutil.copytree(scenario.path, source, dirs_exist_ok=True)
	log_path = os.path.join(work, 'build.log')
	command = ['make', '-C', tree, f'O={os.path.abspath(out)}',
		   f'M={os.path.abspath(source)}', f'SCENARIO_LIB={SCENARIO_LIB}',
		   *make_args, 'modules']
	with open(log_path, 'w', encoding='utf-8') as log:
		status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT,
					 stdin=subprocess.DEVNULL)
	if status != 0:
		with open(log_path, encoding='utf-8', errors='replace') as log:
			lines = log.read().splitlines()
		raise BuildError(f'the module does not build (log: {log_path}):',
				 lines[-LOG_TAIL:])
	modules = sorted(glob.glob(os.path.join(source, '*.ko')))
	if not modules:
		raise BuildError(f'the build made no .ko file (log: {log_path})', [])
	return modules
