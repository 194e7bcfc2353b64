# SPDX-License-Identifier: GPL-2.0
"""python3 -m harness: the command-line tool (harness/cli.py)."""

import sys

from harness.cli import main

sys.exit(main(sys.argv[1:]))
