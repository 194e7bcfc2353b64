# SPDX-License-Identifier: GPL-2.0
"""A figure of the benchmark: what was measured, where, in which column,
summarised over its runs (median, min, max), or missing with the reason."""

import statistics
from dataclasses import asdict, dataclass
from typing import List, Optional


@dataclass
class Figure:
	group: str	# kernel, host, memory, harness
	name: str
	target: str	# um, x86_64, arm64, host
	column: str	# kernel: on, off, floor; host: total, engine, ...
	unit: str
	median: Optional[float] = None
	min: Optional[float] = None
	max: Optional[float] = None
	runs: int = 0
	missing: Optional[str] = None  # why there is no value
	note: Optional[str] = None  # what else to know about the value
	commit: str = ''
	date: str = ''

	@property
	def key(self) -> tuple:
		return (self.group, self.name, self.target, self.column)

	def as_dict(self) -> dict:
		return asdict(self)


def measured(group: str, name: str, target: str, column: str, unit: str,
	     samples: List[float]) -> Figure:
	"""The figure of some samples: their median, min and max."""
	return Figure(group, name, target, column, unit,
		      median=statistics.median(samples), min=min(samples),
		      max=max(samples), runs=len(samples))


def missing(group: str, name: str, target: str, column: str, unit: str,
	    why: str) -> Figure:
	return Figure(group, name, target, column, unit, missing=why)


def sampled(group: str, name: str, target: str, column: str, unit: str,
	    samples: List[Optional[float]], what: str) -> Figure:
	"""measured() over the samples that exist, or missing when a run
	did not give @what."""
	present = [s for s in samples if s is not None]
	if not present:
		return missing(group, name, target, column, unit,
			       f'no run printed {what}')
	if len(present) < len(samples):
		return missing(group, name, target, column, unit,
			       f'{len(samples) - len(present)} of {len(samples)} '
			       f'runs did not print {what}')
	return measured(group, name, target, column, unit, present)
