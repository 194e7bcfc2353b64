# SPDX-License-Identifier: GPL-2.0
"""Choosing the accelerator of a QEMU target: the target's own (TCG) by
default; KVM only when asked for, and only if it really boots a guest.  On
some hosts KVM hangs in the firmware: the first boot under KVM is a trial,
and a guest that does not reach /init in time falls back to the target's
accelerator for that boot and every later one."""

import os
from typing import List, Optional

from harness.target import Target

KVM_DEVICE = '/dev/kvm'
TRIAL_SECONDS = 30  # a TCG guest reaches /init in a few seconds


class Accelerator:
	def __init__(self, machine: Target, want_kvm: bool,
		     kvm_device: str = KVM_DEVICE):
		self.fallback = machine.accel
		self.current: Optional[str] = machine.accel
		self.on_trial = False
		self.notes: List[str] = []
		if not want_kvm:
			return
		if not machine.kvm:
			self.notes.append('KVM=1: this target does not run under KVM')
		elif not os.access(kvm_device, os.R_OK | os.W_OK):
			self.notes.append(f'KVM=1: {kvm_device} cannot be used; '
					  f'{self.fallback} instead')
		else:
			self.current = 'kvm'
			self.on_trial = True

	@property
	def ready_within(self) -> Optional[float]:
		"""How long a boot may take to reach /init, None: no limit."""
		return TRIAL_SECONDS if self.on_trial else None

	def judge_trial(self, ready: bool) -> bool:
		"""After a boot: end the trial of KVM if there is one; True if the
		boot must be repeated with the fallback accelerator."""
		if not self.on_trial:
			return False
		self.on_trial = False
		if ready:
			self.notes.append('KVM=1: the guest boots under KVM')
			return False
		self.notes.append(f'KVM=1: the guest did not reach /init under KVM '
				  f'within {TRIAL_SECONDS} s; {self.fallback} instead')
		self.current = self.fallback
		return True

	def take_notes(self) -> List[str]:
		notes, self.notes = self.notes, []
		return notes
