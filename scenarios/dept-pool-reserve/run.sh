#!/bin/sh
cat /proc/dept_stats
grep -qx 'stopped 0' /proc/dept_stats ||
	{ echo "dept-pool-reserve: DEPT stopped"; exit 1; }
dept-pools total grown refills dropped > /tmp/pools || exit 1
pools=$(wc -l < /tmp/pools)
[ "$pools" = 5 ] ||
	{ echo "dept-pool-reserve: $pools pools in /proc/dept_stats, not 5"; exit 1; }
wrong=$(awk '$2 != 16384 || $3 != 0 || $4 != 1 || $5 != 0 { print $1 }' /tmp/pools)
[ -z "$wrong" ] ||
	{ echo "dept-pool-reserve: pools not reserved as asked: $wrong"; exit 1; }
echo 'dept-pool-reserve: every pool holds 16384 objects after 1 refill, none grown or dropped'
