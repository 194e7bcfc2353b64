#!/bin/sh
# Aim failslab and fail_page_alloc at DEPT's pool refill (the stack trace
# filter: only allocations with dept_refill() on their stack), at a
# probability of 50 %, load dept_faults.ko so that the pools ask for
# refills, and see DEPT stop; then the kernel must go on.
FAULTS=/sys/kernel/debug

# "START END" of dept_refill(), the work function that refills the pools:
# its address and the next higher one in /proc/kallsyms.
refill_range() {
	sort /proc/kallsyms | awk 'found && $1 != start { print "0x" start, "0x" $1; exit }
		$3 == "dept_refill" { found = 1; start = $1 }'
}

# aim ATTR START END PROBABILITY
aim() {
	dir=$FAULTS/$1
	echo 32 > "$dir/stacktrace-depth"
	echo "$2" > "$dir/require-start"
	echo "$3" > "$dir/require-end"
	echo N > "$dir/ignore-gfp-wait"
	echo 1 > "$dir/verbose"
	echo -1 > "$dir/times"
	echo 1 > "$dir/interval"
	echo "$4" > "$dir/probability"
}

grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-faults: DEPT stopped before the faults"; exit 1; }

set -- $(refill_range)
[ $# = 2 ] || { echo "dept-faults: dept_refill not in /proc/kallsyms"; exit 1; }
echo "dept-faults: failing allocations from dept_refill [$1, $2)"
echo N > $FAULTS/fail_page_alloc/ignore-gfp-highmem
echo 0 > $FAULTS/fail_page_alloc/min-order
aim failslab "$1" "$2" 50
aim fail_page_alloc "$1" "$2" 50

cat /proc/dept_stats
insmod /scenario/dept_faults.ko || exit 1
rmmod dept_faults || exit 1
tries=0
until grep -qx 'stopped 1' /proc/dept_stats; do
	tries=$((tries + 1))
	[ $tries -le 100 ] || { echo "dept-faults: DEPT did not stop"; exit 1; }
	sleep 0.1
done
echo 0 > $FAULTS/failslab/probability
echo 0 > $FAULTS/fail_page_alloc/probability
cat /proc/dept_stats

stops=$(dmesg | grep -c 'DEPT: stopped')
injected=$(dmesg | grep -c 'FAULT_INJECTION: forcing a failure')
echo "dept-faults: $injected allocations failed, DEPT stopped $stops time(s)"
[ "$stops" = 1 ] || exit 1

# The kernel goes on, and so does a stopped DEPT's bookkeeping: the cycle
# is not reported, the /proc files still read, processes and files come
# and go.
insmod /scenario/dept_faults.ko close_cycle=1 || exit 1
rmmod dept_faults || exit 1
cat /proc/dept_deps > /dev/null || exit 1
i=0
while [ $i -lt 50 ]; do
	i=$((i + 1))
	echo "$i" > /tmp/file-$i && sh -c "cat /tmp/file-$i" > /dev/null || exit 1
	rm /tmp/file-$i
done

# No leak: each chunk the refill mapped is in a pool (a refill), and a
# vzalloc() that failed under the faults left no mapping behind.
chunks=$(grep -cE ' (refill_pool|dept_refill)\+' /proc/vmallocinfo)
dept-pools refills > /tmp/pools || exit 1
refills=$(awk '{ n += $2 } END { print n + 0 }' /tmp/pools)
echo "dept-faults: $chunks chunks mapped by the refill, $refills refills"
[ "$chunks" = "$refills" ] || exit 1
echo "dept-faults: DEPT stopped once, the kernel goes on"
