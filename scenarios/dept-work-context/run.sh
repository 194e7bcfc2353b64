#!/bin/sh
# The module's init runs the work items; DEPT's graph must hold the control's
# dependency and not the one across the two work items.
insmod /scenario/dept_work_context.ko || exit 1
dept-edges > /tmp/edges || exit 1
rmmod dept_work_context || exit 1

grep -x 'control_event:[0-9]* -> control_wait:[0-9]*' /tmp/edges ||
	{ echo "dept-work-context: the control dependency is missing"; exit 1; }
if grep -x 'work_event:[0-9]* -> work_wait:[0-9]*' /tmp/edges; then
	echo "dept-work-context: DEPT linked an event to a wait of an earlier work item"
	exit 1
fi
echo "dept-work-context: no dependency across work items"
