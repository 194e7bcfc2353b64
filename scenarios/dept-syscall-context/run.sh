#!/bin/sh
# One shell, two system calls: the first write makes syscall_event awaited
# and waits on syscall_wait, the second fires syscall_event.  Then one write
# does both on the control pair.  The expect file judges DEPT's graph,
# dumped while the module is loaded.
insmod /scenario/dept_syscall_context.ko || exit 1
# fd 3 stays open: each step below is exactly one write() of this shell.
exec 3> /dev/dept_syscall_context || exit 1
echo await >&3 || exit 1
echo fire >&3 || exit 1
echo control >&3 || exit 1
exec 3>&-
dept-edges || exit 1
rmmod dept_syscall_context
