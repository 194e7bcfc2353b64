# SPDX-License-Identifier: GPL-2.0
"""What the console of a soak boot says: the steps of the workload (the
markers scenarios/soak/soak.sh writes to /dev/kmsg) and the kernel reports
that fell within each.

A report belongs to the step that began last before it: a report printed
after a step ended and before the next began (a hung task noticed late, a
worker finishing the step's work) is still that step's doing more often
than the next one's.  Reports before the first step belong to 'boot',
those after the workload's last marker to 'shutdown'.
"""

import re
from dataclasses import dataclass, field
from typing import List, Optional

from harness import console

BEGIN = re.compile(r'^soak: begin minutes=(\d+) uptime=([\d.]+)$')
STEP_BEGIN = re.compile(r'^soak: step (\S+) begin$')
STEP_END = re.compile(
	r'^soak: step (\S+) end status=(\d+)(?: bogo-ops/s=([\d.]+))?'
	r'( dept=stopped)?$')
STEP_SAYS = re.compile(r'^soak: step (\S+) says: (.*)$')
DONE = re.compile(r'^soak: done$')

# stress-ng's statuses that are not a failure of the kernel: no resources
# for the stressor in this guest, or not implemented on this system
NOT_RUN = {3: 'no resources', 4: 'not implemented'}


@dataclass
class Step:
	name: str
	status: Optional[int] = None  # None: the step never ended
	bogo_ops: Optional[float] = None  # per second, real time
	dept_stopped: bool = False  # DEPT had stopped (an oops) by its end
	says: List[str] = field(default_factory=list)
	reports: List[console.Report] = field(default_factory=list)

	@property
	def ok(self) -> bool:
		return not self.reports and (self.status == 0 or self.status in NOT_RUN)

	@property
	def skipped(self) -> Optional[str]:
		"""Why the step did not run, or ran without DEPT, if so."""
		if self.reports:
			return None
		if self.status in NOT_RUN:
			return NOT_RUN[self.status]
		if self.dept_stopped and self.status == 0:
			return 'DEPT had stopped (an oops or a panic before)'
		return None


@dataclass
class SoakConsole:
	steps: List[Step]  # 'boot' first and 'shutdown' last
	minutes: Optional[int]  # None: the workload never began
	booted_in: Optional[float]  # seconds from the kernel to the workload
	done: bool  # the workload reached its end


def parse(text: str) -> SoakConsole:
	lines = console.console_lines(text)
	boot = Step('boot', status=0)
	steps = [boot]
	by_name = {}
	minutes = booted_in = None
	done = False
	owner_at = []  # the step each console line belongs to
	current = boot
	for line in lines:
		match = BEGIN.match(line)
		if match:
			minutes, booted_in = int(match.group(1)), float(match.group(2))
		match = STEP_BEGIN.match(line)
		if match:
			current = Step(match.group(1))
			steps.append(current)
			by_name[current.name] = current
		match = STEP_END.match(line)
		if match and match.group(1) in by_name:
			step = by_name[match.group(1)]
			step.status = int(match.group(2))
			if match.group(3):
				step.bogo_ops = float(match.group(3))
			step.dept_stopped = bool(match.group(4))
		match = STEP_SAYS.match(line)
		if match and match.group(1) in by_name:
			by_name[match.group(1)].says.append(match.group(2))
		if DONE.match(line):
			done = True
			current = Step('shutdown', status=0)
			steps.append(current)
		owner_at.append(current)
	if not done:
		steps.append(Step('shutdown', status=0))
	for report in console.find_reports(lines):
		owner_at[report.line].reports.append(report)
	return SoakConsole(steps, minutes, booted_in, done)


# numbers in a title that differ from one boot to the next: addresses,
# counts such as an oops's [#3]
TITLE_NUMBER = re.compile(r'\b(?:0x)?[0-9a-f]*[0-9][0-9a-f]*\b')


def identity(report: console.Report) -> tuple:
	"""What makes two reports the same: for DEPT and lockdep the classes
	of the cycle, for other detectors the title but for its numbers."""
	return (report.detector, TITLE_NUMBER.sub('N', report.title),
		report.classes)
