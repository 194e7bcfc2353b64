# SPDX-License-Identifier: GPL-2.0
"""dept-classes and dept-deps: the classes DEPT knows and their
dependencies."""

import gdb

from dept import graph, kernel, render


class DeptClasses(gdb.Command):
	"""List the classes DEPT knows.

dept-classes [PATTERN]: every class in creation order, as a report names
it (name:subclass), with how many dependencies go out of it and come into
it.  PATTERN is a shell glob over the name or name:subclass
('mutex_*', '*wait.lock:0'), or a class address."""

	def __init__(self):
		super().__init__('dept-classes', gdb.COMMAND_DATA)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		pattern = arg.strip()
		total = 0
		chosen = []
		for c in graph.classes():
			total += 1
			if graph.class_ref(c).matches(pattern):
				chosen.append(graph.class_info(c))
		kernel.write(render.render_classes(chosen, total, pattern))


class DeptDeps(gdb.Command):
	"""Show one class's dependencies.

dept-deps CLASS: the dependencies out of CLASS (its event waits for
them) and into it, each with the functions a report prints for it: [S]
where the event context started, [W] the wait, [E] the event.  CLASS is
as the PATTERN of dept-classes; every class it matches is shown."""

	def __init__(self):
		super().__init__('dept-deps', gdb.COMMAND_DATA)

	def invoke(self, arg: str, from_tty: bool) -> None:
		kernel.require_dept()
		pattern = arg.strip()
		if not pattern:
			raise gdb.GdbError('usage: dept-deps CLASS (a name, '
					   'name:subclass, glob or address)')
		found = graph.find(pattern)
		if not found:
			raise gdb.GdbError(f"no DEPT class matches '{pattern}' "
					   '(see dept-classes)')
		for i, c in enumerate(found):
			if i:
				gdb.write('\n')
			kernel.write(render.render_deps(
				graph.class_ref(c),
				[graph.dep_record(d) for d in graph.out_deps(c)],
				[graph.dep_record(d) for d in graph.in_deps(c)]))


DeptClasses()
DeptDeps()
