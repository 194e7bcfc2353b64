# SPDX-License-Identifier: GPL-2.0
"""Where the repository's folders are, found from this package's own place
so that the harness works from any directory."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS_DIR = os.path.join(ROOT, 'scenarios')
