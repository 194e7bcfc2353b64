# SPDX-License-Identifier: GPL-2.0
"""A client of QEMU's gdb stub that takes samples of where the virtual
CPUs run: the part of gdb's remote serial protocol a sampler needs, and
no more (Documentation of the protocol: gdb's manual, "Remote Protocol").

A sample stops the guest (^C), reads the program counter of every
virtual CPU that is not halted, and lets the guest go on ('c').  QEMU
stops the guest's clock while it is stopped, yet the stops disturb the
guest's own timings: a sampled boot gives shares, not times.  Under TCG a virtual CPU stops where a
translated block begins: a sample's address is where the CPU would go
on, at most one block past where it was.
"""

import socket
import time
from typing import Callable, List


class StubError(Exception):
	"""The stub answered what the protocol does not allow, or went away."""


def checksum(data: bytes) -> bytes:
	return b'%02x' % (sum(data) & 0xff)


def frame(payload: str) -> bytes:
	data = payload.encode('ascii')
	return b'$' + data + b'#' + checksum(data)


def unescape(data: bytes) -> bytes:
	"""A packet's payload without its escapes ('}' then the byte ^ 0x20)
	and run-length encoding ('*' then the count + 29 of repeats)."""
	out = bytearray()
	i = 0
	while i < len(data):
		byte = data[i]
		if byte == ord('}'):
			i += 1
			out.append(data[i] ^ 0x20)
		elif byte == ord('*'):
			i += 1
			out += out[-1:] * (data[i] - 29)
		else:
			out.append(byte)
		i += 1
	return bytes(out)


def little_endian(hex_text: str) -> int:
	"""A register's value as 'p' gives it: the target's bytes in hex, in
	target order (little-endian on every target here)."""
	return int.from_bytes(bytes.fromhex(hex_text), 'little')


class Stub:
	"""One connection to a gdb stub, in gdb's all-stop mode."""

	def __init__(self, sock: socket.socket):
		self.sock = sock
		self.pending = b''
		self.acks = True

	@classmethod
	def connect(cls, address: str, within: float) -> 'Stub':
		"""Connect to @address ('host:port'), retrying while the stub is
		not listening yet, for at most @within seconds."""
		host, _, port = address.rpartition(':')
		deadline = time.monotonic() + within
		while True:
			try:
				sock = socket.create_connection((host, int(port)), 1)
				break
			except OSError:
				if time.monotonic() > deadline:
					raise StubError(f'no gdb stub at {address} within '
							f'{within} s') from None
				time.sleep(0.05)
		sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
		sock.settimeout(None)
		stub = cls(sock)
		features = stub.request('qSupported:xmlRegisters=i386').split(';')
		if ('QStartNoAckMode+' in features and
		    stub.request('QStartNoAckMode') == 'OK'):
			stub.acks = False
		# QEMU answers 'p' (one register) only to a client that has read
		# the target's description, as gdb does
		stub.request('qXfer:features:read:target.xml:0,1')
		return stub

	def _byte(self) -> int:
		if not self.pending:
			self.pending = self.sock.recv(65536)
			if not self.pending:
				raise StubError('the gdb stub closed the connection')
		byte, self.pending = self.pending[0], self.pending[1:]
		return byte

	def _packet(self) -> str:
		"""The next packet's payload; acknowledgements and stray bytes
		before it are skipped."""
		while self._byte() != ord('$'):
			pass
		data = bytearray()
		while (byte := self._byte()) != ord('#'):
			data.append(byte)
		received = bytes([self._byte(), self._byte()])
		if received != checksum(bytes(data)):
			raise StubError(f'bad checksum on packet {bytes(data)!r}')
		if self.acks:
			self.sock.sendall(b'+')
		return unescape(bytes(data)).decode('ascii', 'replace')

	def send(self, payload: str) -> None:
		self.sock.sendall(frame(payload))

	def request(self, payload: str) -> str:
		self.send(payload)
		return self._packet()

	def interrupt(self) -> str:
		"""Stop the guest; the stop reply."""
		self.sock.sendall(b'\x03')
		return self._packet()

	def resume(self) -> None:
		"""Let every virtual CPU go on; the stub answers when the guest
		stops again, which interrupt() reads."""
		self.send('c')

	def threads(self) -> List[str]:
		"""The ids of the virtual CPUs (one thread each)."""
		found = []
		reply = self.request('qfThreadInfo')
		while reply.startswith('m'):
			found += reply[1:].split(',')
			reply = self.request('qsThreadInfo')
		return found

	def halted(self, thread: str) -> bool:
		"""QEMU's description of a virtual CPU ends in '[halted ]' while
		it waits for an interrupt (hlt, wfi), '[running]' else."""
		text = bytes.fromhex(self.request(f'qThreadExtraInfo,{thread}'))
		return b'[halted' in text

	def register(self, thread: str, number: int) -> int:
		if self.request(f'Hg{thread}') != 'OK':
			raise StubError(f'the stub cannot select thread {thread}')
		reply = self.request(f'p{number:x}')
		if not reply or reply.startswith('E'):
			raise StubError(f'register {number} of thread {thread}: {reply}')
		return little_endian(reply)

	def close(self) -> None:
		self.sock.close()


def sample(stub: Stub, pc_register: int, hz: float,
	   keep: Callable[[List[int]], None]) -> None:
	"""Sample about @hz times a second of the host's time until the guest
	ends (the stub goes away): each sample's program counters of the
	virtual CPUs not halted go to @keep."""
	cpus = stub.threads()
	period = 1.0 / hz
	stub.resume()
	try:
		while True:
			time.sleep(period)
			if stub.interrupt()[:1] in ('W', 'X'):
				return	# the guest exited, or was killed
			keep([stub.register(cpu, pc_register) for cpu in cpus
			      if not stub.halted(cpu)])
			stub.resume()
	except (StubError, OSError):
		# the guest ended: QEMU closed the stub with it
		return

