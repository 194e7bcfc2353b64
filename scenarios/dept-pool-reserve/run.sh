#!/bin/sh
# /proc/dept_stats: pool objsize total grown used free refills dropped KB
cat /proc/dept_stats
grep -qx 'stopped 0' /proc/dept_stats ||
	{ echo "dept-pool-reserve: DEPT stopped"; exit 1; }
# every pool's line, so that a changed layout fails instead of matching none
pools=$(awk 'NR > 1 && NF == 9 { n++ } END { print n + 0 }' /proc/dept_stats)
[ "$pools" = 5 ] ||
	{ echo "dept-pool-reserve: $pools pools in /proc/dept_stats, not 5"; exit 1; }
wrong=$(awk 'NR > 1 && NF == 9 && ($3 != 16384 || $4 != 0 || $7 != 1 || $8 != 0) { print $1 }' \
	/proc/dept_stats)
[ -z "$wrong" ] ||
	{ echo "dept-pool-reserve: pools not reserved as asked: $wrong"; exit 1; }
echo 'dept-pool-reserve: every pool holds 16384 objects after 1 refill, none grown or dropped'
