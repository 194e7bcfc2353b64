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

import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# each module registers its commands
for module in ('classes', 'cycle', 'stats', 'task'):
	importlib.import_module('dept.' + module)
