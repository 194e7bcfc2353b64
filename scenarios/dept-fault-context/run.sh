#!/bin/sh
# One process: a write() makes fault_event awaited and waits on fault_wait,
# then a read of the file's mapping faults and the fault handler fires
# fault_event (and awaits and fires the control pair).  DEPT's graph must
# hold the control's dependency and not the one from the fault to the
# system call.
insmod /scenario/dept_fault_context.ko || exit 1
/scenario/fault_after_await /dev/dept_fault_context || exit 1
dept-edges > /tmp/edges || exit 1
rmmod dept_fault_context || exit 1

grep -x 'control_event:[0-9]* -> control_wait:[0-9]*' /tmp/edges ||
	{ echo "dept-fault-context: the control dependency is missing"; exit 1; }
if grep -x 'fault_event:[0-9]* -> fault_wait:[0-9]*' /tmp/edges; then
	echo "dept-fault-context: DEPT linked an event in a page fault to a wait of the system call before"
	exit 1
fi
echo "dept-fault-context: no dependency from the page fault to the system call"
