#!/bin/sh
# Refills of the class and dependency pools while the chain ran.
refills() {
	dept-pools refills > /tmp/pools || exit 1
	awk -v pool="$1" '$1 == pool { print $2 }' /tmp/pools
}

# Every pool has at least half a chunk (32 objects) free again.
pools_refilled() {
	dept-pools free > /tmp/pools || exit 1
	awk '$2 < 32 { low = 1 } END { exit low }' /tmp/pools
}

cat /proc/dept_stats
class_before=$(refills class) || exit 1
dep_before=$(refills dep) || exit 1
insmod /scenario/dept_pool_refill.ko || exit 1
rmmod dept_pool_refill || exit 1
cat /proc/dept_stats
class_after=$(refills class) || exit 1
dep_after=$(refills dep) || exit 1
class_refills=$((class_after - class_before))
dep_refills=$((dep_after - dep_before))
echo "dept-pool-refill: $class_refills class and $dep_refills dependency refills"

[ "$class_refills" -ge 2 ] && [ "$dep_refills" -ge 2 ] ||
	{ echo "dept-pool-refill: fewer than 2 refills"; exit 1; }

tries=0
until pools_refilled; do
	tries=$((tries + 1))
	[ $tries -le 100 ] ||
		{ echo "dept-pool-refill: pools not refilled after 10 s"; exit 1; }
	sleep 0.1
done
insmod /scenario/dept_pool_refill.ko close_cycle=1 || exit 1
rmmod dept_pool_refill || exit 1

grep -qx 'stopped 0' /proc/dept_stats ||
	{ echo "dept-pool-refill: /proc/dept_stats says DEPT stopped"; exit 1; }
if dmesg | grep 'DEPT: stopped'; then
	echo "dept-pool-refill: DEPT stopped"
	exit 1
fi
echo "dept-pool-refill: refilled, still running"
