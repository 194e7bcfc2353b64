#!/bin/sh
# Refills of the class and dependency pools while the module ran, from
# /proc/dept_stats (columns: pool objsize total used free refills dropped KB).
refills() {
	awk -v pool="$1" '$1 == pool { print $6 }' /proc/dept_stats
}

cat /proc/dept_stats
class_before=$(refills class)
dep_before=$(refills dep)
insmod /scenario/dept_pool_refill.ko || exit 1
rmmod dept_pool_refill || exit 1
cat /proc/dept_stats
class_refills=$(($(refills class) - class_before))
dep_refills=$(($(refills dep) - dep_before))
echo "dept-pool-refill: $class_refills class and $dep_refills dependency refills"

[ "$class_refills" -ge 2 ] && [ "$dep_refills" -ge 2 ] ||
	{ echo "dept-pool-refill: fewer than 2 refills"; exit 1; }
grep -qx 'stopped 0' /proc/dept_stats ||
	{ echo "dept-pool-refill: /proc/dept_stats says DEPT stopped"; exit 1; }
if dmesg | grep 'DEPT: stopped'; then
	echo "dept-pool-refill: DEPT stopped"
	exit 1
fi
echo "dept-pool-refill: refilled, still running"
