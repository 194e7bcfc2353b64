#!/bin/sh
# Phase 1: dept_stress runs STRESS_SECONDS while a shell reads /proc/dept_deps
# and /proc/dept_stats in a loop.  The pools may refill in the first third
# (the graph fills up); after that their totals must not move: DEPT's memory
# levels off.  No pool may drop an object.  Phase 2: dept_stress_cycles closes its cycles at once (the
# runner counts the reports).  Then a short phase 1 again: still healthy.
STRESS_SECONDS=30

stats() {
	echo "dept-stress: /proc/dept_stats $1:"
	cat /proc/dept_stats
}

# "pool=total ..." of every pool, then "dropped=N", the sum over the pools
# (columns: pool objsize total used free refills dropped KB)
pool_totals() {
	awk 'NR > 1 && NF == 8 { printf "%s=%s ", $1, $3; dropped += $7 }
	     END { printf "dropped=%d", dropped }' /proc/dept_stats
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
before=$(pool_totals)
read_proc_in_a_loop &
reader=$!
insmod /scenario/dept_stress.ko || exit 1
sleep $((STRESS_SECONDS / 3))
stats "after $((STRESS_SECONDS / 3)) s"
early=$(pool_totals)
sleep $((STRESS_SECONDS - STRESS_SECONDS / 3))
stats "after $STRESS_SECONDS s"
late=$(pool_totals)
rmmod dept_stress || exit 1
touch /tmp/stop-reading
wait $reader || { echo "dept-stress: reading /proc failed"; exit 1; }
stats "after unloading"
grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-stress: DEPT stopped"; exit 1; }
if [ "$early" != "$late" ] || [ "${before##*dropped=}" != "${late##*dropped=}" ]; then
	echo "dept-stress: the pools still grew or dropped objects: $before -> $early -> $late"
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
