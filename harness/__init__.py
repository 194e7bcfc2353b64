# SPDX-License-Identifier: GPL-2.0
"""The harness's Python, one package run from the repository's root.

python3 -m harness is the scenario runner: it boots a kernel once per
scenario and judges its console.  The other entry points are modules of
their own: harness.soak (make soak), harness.report_cli (make dept-report),
harness.dept_graph (make dept-graph), harness.ktap_stages (make test),
harness.check_kunit_parse, harness.full_config_warnings, harness.ktap (the
KTAP every part writes and reads) and harness.ktap_unittest, which runs the
unit tests (the *_test modules, over test_data/) as KTAP.  bench/ and
gdb-scripts/ build on it.
"""
