# SPDX-License-Identifier: GPL-2.0
"""Reading kernel memory from gdb: types looked up when first used, DEPT's
variables, container_of() and list walking.

Nothing here runs when the package is imported, so the commands load
before the kernel's symbols do, as the kernel's own scripts/gdb/linux."""

from typing import Iterable, Iterator, Optional

import gdb

# the file whose static variables DEPT's commands read
DEPT_SOURCE = 'kernel/dependency/dept.c'
# a global only DEPT defines: its presence means CONFIG_DEPT=y
DEPT_WITNESS = 'dept_pool'
# list walks stop here, so that a corrupt list cannot hang gdb
MAX_LIST_ENTRIES = 1 << 20


class CachedType:
	"""A type looked up on first use and again after new symbols load."""

	def __init__(self, name: str):
		self._name = name
		self._type: Optional[gdb.Type] = None

	def _forget(self, _event) -> None:
		self._type = None
		gdb.events.new_objfile.disconnect(self._forget)

	def get(self) -> gdb.Type:
		if self._type is None:
			try:
				self._type = gdb.lookup_type(self._name)
			except gdb.error as error:
				raise gdb.GdbError(f"cannot resolve type '{self._name}'"
						   ) from error
			gdb.events.new_objfile.connect(self._forget)
		return self._type


def require_dept() -> None:
	"""Raise a clear error unless the loaded kernel has DEPT built in."""
	if not any(o.filename for o in gdb.objfiles()):
		raise gdb.GdbError('no kernel symbols loaded: load vmlinux '
				   '(the UML binary "linux") first')
	if gdb.lookup_global_symbol(DEPT_WITNESS) is None:
		raise gdb.GdbError('DEPT is not built into this kernel (no symbol '
				   f'{DEPT_WITNESS}): build it with CONFIG_DEPT=y')


def dept_var(name: str) -> gdb.Value:
	"""The value of DEPT's variable @name, static in dept.c or global."""
	for symbol in gdb.lookup_static_symbols(name):
		if symbol.symtab.filename.endswith(DEPT_SOURCE):
			return symbol.value()
	symbol = gdb.lookup_global_symbol(name)
	if symbol is None:
		raise gdb.GdbError(f'DEPT has no variable {name} in this kernel; '
				   'are these commands older than the engine?')
	return symbol.value()


def array_len(value: gdb.Value) -> int:
	low, high = value.type.strip_typedefs().range()
	return high - low + 1


def has_field(value: gdb.Value, name: str) -> bool:
	return any(f.name == name for f in value.type.strip_typedefs().fields())


def container_of(ptr: gdb.Value, typ: gdb.Type, member: str) -> gdb.Value:
	"""The address of the @typ whose @member is at @ptr."""
	offset = typ[member].bitpos // 8
	return gdb.Value(int(ptr) - offset).cast(typ.pointer())


def list_entries(head: gdb.Value, typ: gdb.Type,
		 member: str) -> Iterator[gdb.Value]:
	"""Pointers to the @typ entries linked through @member in list @head
	(a struct list_head, not a pointer to one)."""
	end = int(head.address)
	node = head['next']
	for _ in range(MAX_LIST_ENTRIES):
		if int(node) == end:
			return
		if int(node) == 0:
			raise gdb.GdbError(f'list at {end:#x} is broken (NULL link)')
		yield container_of(node, typ, member)
		node = node['next']
	raise gdb.GdbError(f'list at {end:#x} has more than {MAX_LIST_ENTRIES} '
			   'entries; is it corrupt?')


def string_or_none(ptr: gdb.Value) -> Optional[str]:
	"""The C string at @ptr, None for NULL, a note for unreadable memory."""
	if int(ptr) == 0:
		return None
	try:
		return ptr.string(errors='replace')
	except gdb.MemoryError:
		return f'<unreadable {int(ptr):#x}>'


def symbolize(address: int) -> str:
	"""0xADDR <symbol+off>, as gdb prints code addresses."""
	if address == 0:
		return '0'
	try:
		return gdb.format_address(address)
	except (AttributeError, gdb.error):
		return f'{address:#x}'


def write(lines: Iterable[str]) -> None:
	gdb.write(''.join(line + '\n' for line in lines))
