#!/bin/sh
# The suite ran during boot, before /init; each case destroys the keys of
# its classes (dept_key_destroy()), so DEPT must have forgotten every class
# the suite made (dept_kunit.c; KUnit's own locks, kunit_run_lock..., stay).
suite='kunit_(ring_x|ring_y|cache|spin_a|spin_b|mutex_a|nested|sdt_x|sdt_event|rec_x|rec_event|rec_cycle)'
if grep -E "^\[[^]]*\] $suite:[0-9]+$" /proc/dept_deps; then
	echo "dept-kunit: classes of the suite are left in /proc/dept_deps"
	exit 1
fi
echo "dept-kunit: no class of the suite left"
