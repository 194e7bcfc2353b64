#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Unit tests of what the runner needs of a target: its TOML description
(target.py), booting a command (target.py), the choice of the accelerator
(accel.py), user programs (programs.py), the initramfs (initramfs.py) and
disk images (disk.py).

Run: python3 -m unittest harness.target_test
"""

import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest
from unittest import mock

from harness import accel, disk, expectation, initramfs, modules, programs
from harness import scenario, target
from harness.paths import ROOT

TARGET_FILES = {
	'um': os.path.join(ROOT, 'um-config', 'um.toml'),
	'x86_64': os.path.join(ROOT, 'qemu-config', 'x86_64.toml'),
	'arm64': os.path.join(ROOT, 'qemu-config', 'arm64.toml'),
}


def temp_dir(test: unittest.TestCase) -> str:
	directory = tempfile.mkdtemp()
	test.addCleanup(shutil.rmtree, directory)
	return directory


def write_file(directory: str, name: str, text: str) -> str:
	path = os.path.join(directory, name)
	os.makedirs(os.path.dirname(path), exist_ok=True)
	with open(path, 'w', encoding='utf-8') as file:
		file.write(text)
	return path


class TargetFileTest(unittest.TestCase):
	def test_ours(self):
		for name, path in TARGET_FILES.items():
			with self.subTest(target=name):
				machine = target.load(path)
				command = machine.boot_command('K', 'I', 'A=1 B=2')
				self.assertIn('K', ' '.join(command))
				self.assertTrue(any('A=1 B=2' in word for word in command))
				self.assertFalse(any('{' in word for word in command))

	def test_qemu_targets_end_by_reboot_and_run_tcg(self):
		for name in ('x86_64', 'arm64'):
			with self.subTest(target=name):
				machine = target.load(TARGET_FILES[name])
				command = machine.boot_command('K', 'I', '')
				self.assertEqual(machine.halt, 'reboot')
				self.assertIn('-no-reboot', command)
				self.assertEqual(command[command.index('-accel') + 1], 'tcg')
				self.assertIn('panic=-1', command[command.index('-append') + 1])
				self.assertEqual(machine.boot_command('K', 'I', '', 'kvm')[
					command.index('-accel') + 1], 'kvm')

	def test_ours_attach_disks(self):
		for name, path in TARGET_FILES.items():
			with self.subTest(target=name):
				machine = target.load(path)
				plain = machine.boot_command('K', 'I', '')
				command = machine.boot_command('K', 'I', '', None,
							       ['/d/0.img', '/d/1.img'])
				self.assertEqual(command[:len(plain)], plain)
				added = ' '.join(command[len(plain):])
				first, second = added.index('/d/0.img'), added.index('/d/1.img')
				if machine.disk.reverse:
					first, second = second, first
				self.assertLess(first, second)
				self.assertNotIn('{', added)
				devices = machine.disk_devices(2)
				self.assertEqual(len(set(devices)), 2)
				self.assertTrue(all(d.startswith('/dev/') for d in devices))

	def test_disk_words(self):
		machine = self.load('halt = "reboot"\ncommand = ["q"]\n[disk]\n'
				    'args = ["-d", "{image},id=d{index}"]\n'
				    'device = "/dev/vd{letter}"\n')
		self.assertEqual(machine.boot_command('K', 'I', '', None, ['a.img', 'b.img']),
				 ['q', '-d', 'a.img,id=d0', '-d', 'b.img,id=d1'])
		self.assertEqual(machine.disk_devices(2), ['/dev/vda', '/dev/vdb'])

	def test_disks_named_in_reverse(self):
		machine = self.load('halt = "reboot"\ncommand = ["q"]\n[disk]\n'
				    'args = ["-d", "{image},id=d{index}"]\n'
				    'device = "/dev/vd{letter}"\nreverse = true\n')
		self.assertEqual(machine.boot_command('K', 'I', '', None, ['a.img', 'b.img']),
				 ['q', '-d', 'b.img,id=d1', '-d', 'a.img,id=d0'])
		self.assertEqual(machine.disk_devices(2), ['/dev/vda', '/dev/vdb'])
		# disks after a root the command attaches itself, as the soak's
		self.assertEqual(machine.disk_args(['a.img', 'b.img'], first=1),
				 ['-d', 'b.img,id=d2', '-d', 'a.img,id=d1'])

	def test_no_disk(self):
		machine = self.load('halt = "reboot"\ncommand = ["q"]\n')
		self.assertEqual(machine.disk_devices(0), [])
		with self.assertRaises(target.TargetError) as caught:
			machine.disk_devices(1)
		self.assertIn('cannot attach disks', str(caught.exception))

	def test_bad_disk_table(self):
		for table in ('disk = "ubd"\n', '[disk]\nargs = []\ndevice = "/dev/x"\n',
			      '[disk]\nargs = [1]\ndevice = "/dev/x"\n',
			      '[disk]\nargs = ["x"]\n'):
			with self.subTest(table=table):
				with self.assertRaises(target.TargetError):
					self.load('halt = "reboot"\ncommand = ["q"]\n' + table)

	def load(self, text):
		return target.load(write_file(temp_dir(self), 't.toml', text))

	def test_accel_placeholder_needs_accel(self):
		with self.assertRaises(target.TargetError) as caught:
			self.load('halt = "reboot"\ncommand = ["q", "-accel", "{accel}"]\n')
		self.assertIn('accel = "..."', str(caught.exception))

	def test_kvm_must_be_boolean(self):
		with self.assertRaises(target.TargetError):
			self.load('halt = "reboot"\ncommand = ["q"]\nkvm = "yes"\n')

	def test_missing_key(self):
		with self.assertRaises(target.TargetError):
			self.load('command = ["q"]\n')


def is_start(line: str) -> bool:
	return line.startswith('harness: scenario x start')


class BootTest(unittest.TestCase):
	def boot(self, script, timeout=20, ready_within=None):
		log = os.path.join(temp_dir(self), 'console.log')
		return target.boot(['sh', '-c', script], timeout, log, False,
				   ready=is_start, ready_within=ready_within)

	def test_guest_that_ends(self):
		boot = self.boot('echo harness: scenario x start; echo bye')
		self.assertEqual((boot.timed_out, boot.ready, boot.status), (False, True, 0))
		self.assertEqual(boot.console, 'harness: scenario x start\nbye\n')

	def test_timeout(self):
		boot = self.boot('echo harness: scenario x start; sleep 30', timeout=1)
		self.assertTrue(boot.timed_out)
		self.assertTrue(boot.ready)

	def test_not_ready_in_time(self):
		boot = self.boot('sleep 30', ready_within=0.5)
		self.assertTrue(boot.timed_out)
		self.assertFalse(boot.ready)

	def test_ended_before_ready(self):
		boot = self.boot('echo no such accelerator; exit 1', ready_within=10)
		self.assertEqual((boot.timed_out, boot.ready, boot.status), (False, False, 1))

	def test_ready_then_runs_on(self):
		boot = self.boot('echo harness: scenario x start; sleep 1; echo done',
				 ready_within=0.5)
		self.assertEqual((boot.timed_out, boot.ready), (False, True))
		self.assertTrue(boot.console.endswith('done\n'))


class GuestsTest(unittest.TestCase):
	"""A run that stops early ends the guests booting beside it."""

	def boot_in_thread(self, guests: target.Guests) -> list:
		log = os.path.join(temp_dir(self), 'console.log')
		booted = []
		thread = threading.Thread(target=lambda: booted.append(target.boot(
			['sh', '-c', 'sleep 30'], 20, log, False, guests=guests)))
		thread.start()
		self.addCleanup(thread.join)
		return booted

	def test_stop_ends_booting_guests(self):
		guests = target.Guests()
		booted = self.boot_in_thread(guests)
		deadline = time.monotonic() + 10
		while not guests.groups and time.monotonic() < deadline:
			time.sleep(0.01)
		started = time.monotonic()
		guests.stop()
		self.doCleanups()
		self.assertLess(time.monotonic() - started, 10)
		self.assertFalse(booted[0].timed_out)
		self.assertEqual(booted[0].status, -signal.SIGKILL)
		self.assertEqual(guests.groups, set())

	def test_no_guest_boots_after_stop(self):
		guests = target.Guests()
		guests.stop()
		log = os.path.join(temp_dir(self), 'console.log')
		boot = target.boot(['sh', '-c', 'sleep 30'], 20, log, False,
				   guests=guests)
		self.assertEqual((boot.timed_out, boot.status), (False, -signal.SIGKILL))


class AcceleratorTest(unittest.TestCase):
	def machine(self, kvm=True):
		return target.Target('reboot', ['q', '-accel', '{accel}'], 'tcg', kvm)

	def test_default_is_the_targets(self):
		choice = accel.Accelerator(self.machine(), False)
		self.assertEqual((choice.current, choice.ready_within), ('tcg', None))
		self.assertFalse(choice.judge_trial(False))
		self.assertEqual(choice.take_notes(), [])

	def test_kvm_not_for_this_target(self):
		choice = accel.Accelerator(self.machine(kvm=False), True)
		self.assertEqual(choice.current, 'tcg')
		self.assertEqual(choice.take_notes(), ['KVM=1: this target does not run under KVM'])

	def test_kvm_device_missing(self):
		choice = accel.Accelerator(self.machine(), True, '/nonexistent/kvm')
		self.assertEqual(choice.current, 'tcg')
		self.assertIn('/nonexistent/kvm cannot be used', choice.take_notes()[0])

	def kvm_on_trial(self):
		device = write_file(temp_dir(self), 'kvm', '')
		choice = accel.Accelerator(self.machine(), True, device)
		self.assertEqual((choice.current, choice.ready_within),
				 ('kvm', accel.TRIAL_SECONDS))
		return choice

	def test_kvm_that_boots_stays(self):
		choice = self.kvm_on_trial()
		self.assertFalse(choice.judge_trial(True))
		self.assertEqual((choice.current, choice.ready_within), ('kvm', None))
		self.assertEqual(choice.take_notes(), ['KVM=1: the guest boots under KVM'])
		self.assertFalse(choice.judge_trial(False))

	def test_kvm_that_hangs_falls_back_for_good(self):
		choice = self.kvm_on_trial()
		self.assertTrue(choice.judge_trial(False))
		self.assertEqual((choice.current, choice.ready_within), ('tcg', None))
		self.assertIn('tcg instead', choice.take_notes()[0])
		self.assertFalse(choice.judge_trial(False))


class ProgramsTest(unittest.TestCase):
	def scenario(self, sources):
		directory = temp_dir(self)
		for name, text in sources.items():
			write_file(directory, os.path.join('user', name), text)
		return scenario.Scenario('x', directory, 'd', None), temp_dir(self)

	def test_static_programs(self):
		loaded, work = self.scenario({'hello.c': 'int main(void) { return 7; }\n'})
		built = programs.build(loaded, ['gcc'], work)
		self.assertEqual([os.path.basename(p) for p in built], ['hello'])
		self.assertEqual(subprocess.call(built), 7)
		self.assertNotIn(b'interpreter', subprocess.run(
			['file', built[0]], capture_output=True, check=True).stdout)

	def test_build_error_quotes_the_log(self):
		loaded, work = self.scenario({'bad.c': 'int main(void) { return x; }\n'})
		with self.assertRaises(modules.BuildError) as caught:
			programs.build(loaded, ['gcc'], work)
		message, lines = caught.exception.args
		self.assertIn('a user program does not build', message)
		self.assertTrue(any('undeclared' in line for line in lines))

	def test_programs_need_a_run_script(self):
		directory = temp_dir(self)
		write_file(directory, 'description', 'one line\n')
		write_file(directory, 'expect', 'reports none\n')
		write_file(directory, 'Kbuild', 'obj-m := x.o\n')
		write_file(directory, 'user/p.c', 'int main(void) { return 0; }\n')
		with self.assertRaises(scenario.ScenarioError) as caught:
			scenario.load('x', directory)
		self.assertIn('no run.sh', str(caught.exception))


class DiskTest(unittest.TestCase):
	def test_fresh_ext4_images(self):
		work = temp_dir(self)
		write_file(work, 'disk0.img', 'left over from the last run')
		paths = disk.make_all([expectation.DiskSpec('ext4', 8),
				       expectation.DiskSpec('ext4', 4)], work)
		self.assertEqual([os.path.basename(p) for p in paths],
				 ['disk0.img', 'disk1.img'])
		self.assertEqual([os.path.getsize(p) for p in paths], [8 << 20, 4 << 20])
		with open(paths[0], 'rb') as image:
			image.seek(1024 + 0x38)  # the superblock's s_magic
			self.assertEqual(image.read(2), b'\x53\xef')

	def make_with(self, mkfs):
		with mock.patch.dict(disk.MKFS, {'ext4': mkfs}):
			with self.assertRaises(disk.DiskError) as caught:
				disk.make('ext4', 1, os.path.join(temp_dir(self), 'x.img'))
		return str(caught.exception)

	def test_mkfs_failure_is_quoted(self):
		self.assertIn('failed: no space', self.make_with(
			['sh', '-c', 'echo no space >&2; exit 1', 'mkfs']))

	def test_mkfs_missing(self):
		self.assertIn('cannot run /nonexistent/mkfs', self.make_with(['/nonexistent/mkfs']))


class InitramfsTest(unittest.TestCase):
	def test_layout(self):
		text = initramfs.spec('/b/busybox', '/g/init', ['/w/m.ko', '/w/run.sh'],
				      ['/g/dept-edges'])
		self.assertIn('file /bin/busybox /b/busybox 0755 0 0', text)
		self.assertIn('file /init /g/init 0755 0 0', text)
		self.assertIn('file /bin/dept-edges /g/dept-edges 0755 0 0', text)
		self.assertIn('file /scenario/m.ko /w/m.ko 0755 0 0', text)
		self.assertIn('file /scenario/run.sh /w/run.sh 0755 0 0', text)
		self.assertNotIn('/bin/busybox 0777', text)  # /b/busybox cannot run

	def test_applets_linked_when_busybox_runs_here(self):
		fake = os.path.join(tempfile.mkdtemp(), 'busybox')
		self.addCleanup(shutil.rmtree, os.path.dirname(fake))
		with open(fake, 'w', encoding='utf-8') as file:
			file.write('#!/bin/sh\nprintf "bin/busybox\\nbin/sh\\nbin/ls\\nusr/bin/awk\\n"\n')
		os.chmod(fake, 0o755)
		lines = initramfs.spec(fake, '/g/init', []).splitlines()
		self.assertIn('slink /bin/ls /bin/busybox 0777 0 0', lines)
		self.assertIn('slink /usr/bin/awk /bin/busybox 0777 0 0', lines)
		self.assertEqual([l for l in lines if l.startswith('slink /bin/sh ')],
				 ['slink /bin/sh busybox 0777 0 0'])
		self.assertNotIn('slink /bin/busybox /bin/busybox 0777 0 0', lines)


if __name__ == '__main__':
	unittest.main()
