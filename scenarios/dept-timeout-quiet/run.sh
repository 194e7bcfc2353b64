#!/bin/sh
# The module's init runs the pattern; DEPT's graph must hold the
# completer's dependency and not the one of the timed wait.
insmod /scenario/dept_timeout_cycle.ko || exit 1
dept-edges > /tmp/edges || exit 1
rmmod dept_timeout_cycle || exit 1

grep -x 'comp_b:[0-9]* -> mutex_a:[0-9]*' /tmp/edges ||
	{ echo "dept-timeout-quiet: the completer's dependency is missing"; exit 1; }
if grep -x 'mutex_a:[0-9]* -> comp_b:[0-9]*' /tmp/edges; then
	echo "dept-timeout-quiet: DEPT made a dependency of a wait with a timeout"
	exit 1
fi
echo "dept-timeout-quiet: the timed wait made no dependency"
