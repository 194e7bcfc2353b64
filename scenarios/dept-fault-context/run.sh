#!/bin/sh
# One process: a write() makes fault_event awaited and waits on fault_wait,
# then a read of the file's mapping faults and the fault handler fires
# fault_event (and awaits and fires the control pair).  The expect file
# judges DEPT's graph, dumped while the module is loaded.
insmod /scenario/dept_fault_context.ko || exit 1
/scenario/fault_after_await /dev/dept_fault_context || exit 1
dept-edges || exit 1
rmmod dept_fault_context
