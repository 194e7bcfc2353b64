# SPDX-License-Identifier: GPL-2.0
"""Building a scenario's user programs: each C file of its user/ folder
becomes a static executable of the same name, compiled for the target's
architecture, which the guest finds in /scenario next to run.sh."""

import os
import subprocess
from typing import List

from harness.modules import LOG_TAIL, BuildError
from harness.scenario import Scenario

CFLAGS = ('-static', '-O2', '-Wall')


def build(scenario: Scenario, cc: List[str], work: str) -> List[str]:
	"""Compile every user program with cc; return the executables."""
	programs = []
	out = os.path.join(work, 'user')
	os.makedirs(out, exist_ok=True)
	log_path = os.path.join(work, 'user.log')
	with open(log_path, 'w', encoding='utf-8') as log:
		for source in scenario.user_programs:
			program = os.path.join(out, os.path.basename(source)[:-len('.c')])
			status = subprocess.call([*cc, *CFLAGS, '-o', program, source],
						 stdout=log, stderr=subprocess.STDOUT,
						 stdin=subprocess.DEVNULL)
			if status != 0:
				break
			programs.append(program)
	if len(programs) != len(scenario.user_programs):
		with open(log_path, encoding='utf-8', errors='replace') as log:
			lines = log.read().splitlines()
		raise BuildError(f'a user program does not build (log: {log_path}):',
				 lines[-LOG_TAIL:])
	return programs
