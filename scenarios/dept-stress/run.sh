#!/bin/sh
# Phase 1: dept_stress runs STRESS_SECONDS while a shell reads /proc/dept_deps
# and /proc/dept_stats in a loop.  The graph fills up in the first third;
# after that, DEPT's memory levels off: no pool's objects in use grow by a
# tenth any more (the kernel's own classes still meet now and then, a timer
# interrupt inside a lock, and make a few new dependencies; a leak of the
# walkers' waits or contexts would grow by millions).  The pools grow on
# demand and may refill at any time; no pool may drop an object.  Phase 2:
# dept_stress_cycles closes its cycles at once (the runner counts the
# reports).  Then a short phase 1 again: still healthy.
STRESS_SECONDS=30

stats() {
	echo "dept-stress: /proc/dept_stats $1:"
	cat /proc/dept_stats
}

# "pool=used ..." of every pool, then "dropped=N", the sum over the pools
pool_use() {
	dept-pools used dropped > /tmp/pools || exit 1
	awk '{ printf "%s=%s ", $1, $2; dropped += $3 }
	     END { printf "dropped=%d", dropped }' /tmp/pools
}

# The pools of pool_use() $2 that use a tenth more objects than in $1.
grown_by_a_tenth() {
	echo "$1|$2" | awk -F'|' '{
		n = split($1, was, " "); split($2, now, " ")
		for (i = 1; i < n; i++) {
			split(was[i], a, "="); split(now[i], b, "=")
			if (b[2] - a[2] > a[2] / 10)
				printf "%s ", a[1]
		}
	}'
}

read_proc_in_a_loop() {
	n=0
	while [ ! -e /tmp/stop-reading ]; do
		cat /proc/dept_deps > /dev/null || exit 1
		cat /proc/dept_stats > /dev/null || exit 1
		n=$((n + 1))
	done
	echo "dept-stress: the reader read both /proc files $n times"
}

stats "before"
before=$(pool_use) || exit 1
read_proc_in_a_loop &
reader=$!
insmod /scenario/dept_stress.ko || exit 1
sleep $((STRESS_SECONDS / 3))
stats "after $((STRESS_SECONDS / 3)) s"
early=$(pool_use) || exit 1
sleep $((STRESS_SECONDS - STRESS_SECONDS / 3))
stats "after $STRESS_SECONDS s"
late=$(pool_use) || exit 1
rmmod dept_stress || exit 1
touch /tmp/stop-reading
wait $reader || { echo "dept-stress: reading /proc failed"; exit 1; }
stats "after unloading"
grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-stress: DEPT stopped"; exit 1; }
if [ "${before##*dropped=}" != "${late##*dropped=}" ]; then
	echo "dept-stress: the pools dropped objects: $before -> $early -> $late"
	exit 1
fi
grown=$(grown_by_a_tenth "$early" "$late")
if [ -n "$grown" ]; then
	echo "dept-stress: pools still growing after $((STRESS_SECONDS / 3)) s: $grown($before -> $early -> $late)"
	exit 1
fi
echo "dept-stress: phase 1 done, $STRESS_SECONDS s, pools level: $late"

insmod /scenario/dept_stress_cycles.ko || exit 1
rmmod dept_stress_cycles || exit 1
echo "dept-stress: phase 2 done"

insmod /scenario/dept_stress.ko || exit 1
sleep 3
rmmod dept_stress || exit 1
grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-stress: DEPT stopped"; exit 1; }
echo "dept-stress: healthy after the cycles"
