# SPDX-License-Identifier: GPL-2.0
#
# gdb commands for DEPT, the dependency tracker: source this file in gdb,
# next to the kernel's own vmlinux-gdb.py or without it:
#
#	(gdb) source gdb-scripts/dept-gdb.py
#	(gdb) apropos dept-
#
# The commands read DEPT's data structures only when run, so this loads
# before the kernel's symbols do.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import dept.classes  # noqa: E402 (dept-classes, dept-deps)
import dept.cycle  # noqa: E402 (dept-cycle, dept-break-report)
import dept.stats  # noqa: E402 (dept-stats)
import dept.task  # noqa: E402 (dept-task)
