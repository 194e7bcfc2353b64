#!/bin/sh
# The suite ran during boot, before /init; its cases destroy their keys
# (dept_key_destroy()), so DEPT must have forgotten every kunit_* class.
if grep -E '^\[[^]]*\] kunit_' /proc/dept_deps; then
	echo "dept-kunit: classes of the suite are left in /proc/dept_deps"
	exit 1
fi
echo "dept-kunit: no class of the suite left"
