# SPDX-License-Identifier: GPL-2.0
"""The delay loop's calibration, done once per run instead of once per boot.

A kernel that cannot read its timer's frequency (UML) calibrates its delay
loop at every boot, busy-waiting for jiffies to tick: about 0.15 s of CPU
per boot, a fifth of a scenario's boot on UML.  It prints the result,
'Calibrating delay loop... B BogoMIPS (lpj=N)', and takes it back as the
kernel parameter lpj=N, which skips the calibration
(Documentation/admin-guide/kernel-parameters.txt).  The first boots of a
run calibrate; once one of them has printed its figure, the later boots of
the same kernel are given it.  The figure sets only how long udelay()
spins; no verdict depends on it.  Kernels that read their timer's
frequency (x86_64, arm64) print '(skipped)' and are given nothing.
"""

import re
from typing import Iterable, Optional

LPJ = re.compile(r'Calibrating delay loop\.\.\. .*\(lpj=(\d+)\)')


class Calibration:
	"""The figure of the first boot that calibrated, for the boots after
	it.  Boots running side by side may learn at once; any of their
	figures will do."""

	def __init__(self) -> None:
		self.lpj: Optional[int] = None

	def learn(self, console: Iterable[str]) -> None:
		if self.lpj is not None:
			return
		for line in console:
			match = LPJ.search(line)
			if match:
				self.lpj = int(match.group(1))
				return

	def cmdline(self) -> str:
		"""The kernel parameter that skips calibrating ('' until known)."""
		return f'lpj={self.lpj}' if self.lpj is not None else ''
