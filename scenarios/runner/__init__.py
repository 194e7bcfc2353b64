# SPDX-License-Identifier: GPL-2.0
"""Scenario runner: boots a kernel once per scenario and judges its console."""
