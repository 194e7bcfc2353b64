# SPDX-License-Identifier: GPL-2.0
"""Finding scenarios and reading one: a folder with a one-line
'description', an 'expect' file (see expectation.py), and guest code: kernel
module sources with a 'Kbuild' file and/or a 'run.sh' run by the guest, which
may run the scenario's user programs (C files in 'user/').

A folder with neither 'description' nor 'expect' is not a scenario: in
scenarios/, guest/ (every guest's /init and tools), lib/ (headers of the
modules), soak/ (make soak's guest) and host/ (the engine's cases in the
host program, harness/host.mk) sit beside the scenarios."""

import glob
import os
import re
from dataclasses import dataclass
from typing import Dict, List

from harness import expectation

NAME = re.compile(r'^[A-Za-z0-9][A-Za-z0-9_.-]*$')


class ScenarioError(Exception):
	"""The scenario folder is incomplete or malformed."""


@dataclass
class Scenario:
	name: str
	path: str
	description: str
	expectation: expectation.Expectation

	@property
	def has_modules(self) -> bool:
		return os.path.isfile(os.path.join(self.path, 'Kbuild'))

	@property
	def user_programs(self) -> List[str]:
		return sorted(glob.glob(os.path.join(self.path, 'user', '*.c')))

	@property
	def run_script(self) -> str:
		path = os.path.join(self.path, 'run.sh')
		return path if os.path.isfile(path) else ''


def is_scenario(path: str) -> bool:
	return any(os.path.isfile(os.path.join(path, f))
		   for f in ('description', 'expect'))


def discover(directories: List[str]) -> Dict[str, str]:
	"""Map each scenario's name to its folder; names must be unique."""
	found: Dict[str, str] = {}
	for directory in directories:
		if not os.path.isdir(directory):
			raise ScenarioError(f'scenario directory {directory} does not exist')
		for name in sorted(os.listdir(directory)):
			path = os.path.join(directory, name)
			if not is_scenario(path):
				continue
			if name in found:
				raise ScenarioError(
					f'scenario {name} is both in {found[name]} and in {path}')
			found[name] = path
	return found


def read(path: str) -> str:
	try:
		with open(path, encoding='utf-8') as file:
			return file.read()
	except OSError as error:
		raise ScenarioError(f'cannot read {path}: {error.strerror}') from error


def load(name: str, path: str) -> Scenario:
	if not NAME.match(name):
		raise ScenarioError(f"'{name}' is not a valid scenario name")
	description = read(os.path.join(path, 'description')).strip()
	if not description or '\n' in description:
		raise ScenarioError(f'{path}/description must be one non-empty line')
	expect_path = os.path.join(path, 'expect')
	try:
		expected = expectation.parse(read(expect_path), expect_path)
	except expectation.ExpectationError as error:
		raise ScenarioError(str(error)) from error
	scenario = Scenario(name, path, description, expected)
	if not scenario.has_modules and not scenario.run_script:
		raise ScenarioError(f'{path} has neither a Kbuild nor a run.sh')
	if scenario.user_programs and not scenario.run_script:
		raise ScenarioError(f'{path} has user programs but no run.sh to run them')
	return scenario
