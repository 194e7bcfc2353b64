#!/bin/sh
# /proc/dept_stats: pool objsize total used free refills dropped KB
cat /proc/dept_stats
grep -qx 'stopped 0' /proc/dept_stats ||
	{ echo "dept-pool-reserve: DEPT stopped"; exit 1; }
wrong=$(awk 'NR > 1 && NF == 8 && ($3 != 16384 || $6 != 1 || $7 != 0) { print $1 }' \
	/proc/dept_stats)
[ -z "$wrong" ] ||
	{ echo "dept-pool-reserve: pools not reserved as asked: $wrong"; exit 1; }
echo 'dept-pool-reserve: every pool holds 16384 objects after 1 refill, none dropped'
