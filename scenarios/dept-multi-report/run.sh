#!/bin/sh
# Load the module (both cycles happen during its init), then show that the
# kernel still works: unload it, fork, read /proc, and say so.
insmod /scenario/dept_multi_report.ko || exit 1
rmmod dept_multi_report || exit 1
for i in 1 2 3; do cat /proc/meminfo > /dev/null || exit 1; done
ls /proc/self/ > /dev/null || exit 1
echo "dept-multi-report: alive after both reports"
