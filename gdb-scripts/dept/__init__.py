# SPDX-License-Identifier: GPL-2.0
"""gdb commands that show what DEPT, the dependency tracker, knows."""
