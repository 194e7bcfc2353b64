#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The article's three threads (scenarios/dept-article-xyz), then DEPT's
# graph as /proc/dept_deps prints it, for gdb-scripts/report_test.py to
# compare with what the gdb commands read at the same moment.
set -e
insmod /scenario/dept_article_xyz.ko
echo "gdb-test: /proc/dept_deps begin"
cat /proc/dept_deps
echo "gdb-test: /proc/dept_deps end"
rmmod dept_article_xyz
