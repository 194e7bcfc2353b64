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
# The module's parameters given on the kernel's command line, as modprobe
# would pass them (make bench-profile lengthens each figure so).
params=$(tr ' ' '\n' < /proc/cmdline | sed -n 's/^dept_bench\.//p')
insmod /scenario/dept_bench.ko $params || exit 1
rmmod dept_bench || exit 1
stats bench
echo "dept-bench: done"
