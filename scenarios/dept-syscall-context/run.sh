#!/bin/sh
# One shell, two system calls: the first write makes syscall_event awaited
# and waits on syscall_wait, the second fires syscall_event.  Then one write
# does both on the control pair.  DEPT's graph must hold the control's
# dependency and not the one across the two system calls.
insmod /scenario/dept_syscall_context.ko || exit 1
# fd 3 stays open: each step below is exactly one write() of this shell.
exec 3> /dev/dept_syscall_context || exit 1
echo await >&3 || exit 1
echo fire >&3 || exit 1
echo control >&3 || exit 1
exec 3>&-
dept-edges > /tmp/edges || exit 1
rmmod dept_syscall_context || exit 1

grep -x 'control_event:[0-9]* -> control_wait:[0-9]*' /tmp/edges ||
	{ echo "dept-syscall-context: the control dependency is missing"; exit 1; }
if grep -x 'syscall_event:[0-9]* -> syscall_wait:[0-9]*' /tmp/edges; then
	echo "dept-syscall-context: DEPT linked an event to a wait of an earlier system call"
	exit 1
fi
echo "dept-syscall-context: no dependency across system calls"
