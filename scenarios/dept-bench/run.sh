#!/bin/sh
# One load of the benchmark module; DEPT's pools after boot and after it,
# where the kernel has DEPT and it runs (not on the floor kernel, not with
# dept=off).
stats() {
	dmesg | grep -q 'DEPT: dependency tracker active' || return 0
	echo "dept-bench: dept_stats $1"
	cat /proc/dept_stats
	echo "dept-bench: dept_stats end"
}

stats boot
insmod /scenario/dept_bench.ko || exit 1
rmmod dept_bench || exit 1
stats bench
echo "dept-bench: done"
