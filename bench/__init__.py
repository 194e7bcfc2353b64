# SPDX-License-Identifier: GPL-2.0
"""make bench: what DEPT costs (harness/bench_plan.py says what is measured)."""
