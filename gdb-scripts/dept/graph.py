# SPDX-License-Identifier: GPL-2.0
"""DEPT's dependency graph: classes (dept_classes, in creation order) and
their dependencies (dept_class.dep_head / dep_rev_head), read into
records."""

from typing import Iterator, List

import gdb

from dept import kernel
from dept.records import ClassInfo, ClassRef, Dep

class_type = kernel.CachedType('struct dept_class')
dep_type = kernel.CachedType('struct dept_dep')


def class_ref(c: gdb.Value) -> ClassRef:
	"""@c: a struct dept_class pointer."""
	return ClassRef(int(c), kernel.string_or_none(c['name']),
			int(c['sub_id']), bool(c['sched_map']), bool(c['dead']),
			int(c['name_version']))


def dep_record(d: gdb.Value) -> Dep:
	"""@d: a struct dept_dep pointer."""
	e = d['ecxt']
	w = d['wait']
	return Dep(int(d), class_ref(d['fc']), class_ref(d['tc']),
		   kernel.string_or_none(e['ecxt_fn']) if int(e) else None,
		   kernel.string_or_none(e['event_fn']) if int(e) else None,
		   kernel.string_or_none(w['wait_fn']) if int(w) else None,
		   bool(w['timeout']) if int(w) else False,
		   bool(w['sched_sleep']) if int(w) else False)


def classes() -> Iterator[gdb.Value]:
	"""Pointers to every class, in creation order."""
	return kernel.list_entries(kernel.dept_var('dept_classes'),
				   class_type.get(), 'all_node')


def out_deps(c: gdb.Value) -> Iterator[gdb.Value]:
	return kernel.list_entries(c['dep_head'], dep_type.get(), 'dep_node')


def in_deps(c: gdb.Value) -> Iterator[gdb.Value]:
	return kernel.list_entries(c['dep_rev_head'], dep_type.get(),
				   'dep_rev_node')


def class_info(c: gdb.Value) -> ClassInfo:
	return ClassInfo(class_ref(c), sum(1 for _ in out_deps(c)),
			 sum(1 for _ in in_deps(c)))


def find(pattern: str) -> List[gdb.Value]:
	return [c for c in classes() if class_ref(c).matches(pattern)]
