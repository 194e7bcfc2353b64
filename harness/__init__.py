# SPDX-License-Identifier: GPL-2.0
"""The harness's Python, one package run from the repository's root.

python3 -m harness is the command-line tool (harness/cli.py) that make's
goals call: run, test, test-full, soak, gdb, and scenarios (the scenario
runner, harness/runner.py, with its arguments filled in from a target's
file).  Other entry points are modules of their own, each a tool of one
job: harness.targets (the target files, for make), harness.report_cli
(make dept-report), harness.dept_graph (make dept-graph),
harness.host_stages (the host program's stages), harness.check_kunit_parse,
harness.full_config_warnings, harness.soak_results and
harness.ktap_unittest, which runs unit tests (the *_test modules, over
test_data/) as KTAP.  bench/ and gdb-scripts/ build on it.
"""
