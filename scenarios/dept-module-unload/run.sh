#!/bin/sh
# Load and unload dept_module_unload 10 times (warm-up: the kernel's own
# classes and dependencies on the insmod/rmmod paths appear), take
# /proc/dept_stats, load and unload it 100 times more, take it again.
# What must hold is in expect.
WARMUP=10
CYCLES=100

cycles() {
	i=0
	while [ $i -lt "$1" ]; do
		i=$((i + 1))
		insmod /scenario/dept_module_unload.ko || exit 1
		rmmod dept_module_unload || exit 1
	done
}

# "used" of pool $1 (columns: pool objsize total used free refills dropped KB)
used() {
	awk -v pool="$1" '$1 == pool { print $4 }' /proc/dept_stats
}

# Classes and dependencies that used objects but /proc/dept_deps does not
# list: "unlisted_classes unlisted_deps".
unlisted() {
	classes=$(grep -c '^\[' /proc/dept_deps)
	deps=$(grep -c '^ -> ' /proc/dept_deps)
	echo "$(($(used class) - classes)) $(($(used dep) - deps))"
}

# The module's classes are unlinked at rmmod and freed an RCU grace period
# later: wait up to 10 s for the unlisted objects to be back to $1.
settle() {
	tries=0
	while [ "$(unlisted)" != "$1" ] && [ $tries -lt 100 ]; do
		tries=$((tries + 1))
		sleep 0.1
	done
}

summary() {
	echo "dept-module-unload: $1: unlisted classes and deps: $(unlisted)," \
	     "used: dep $(used dep) class $(used class) stack $(used stack)" \
	     "ecxt $(used ecxt) wait $(used wait)"
}

cycles $WARMUP
sleep 1
before=$(unlisted)
summary "after $WARMUP warm-up loads"
cat /proc/dept_stats
wait_before=$(used wait) ecxt_before=$(used ecxt) stack_before=$(used stack)

cycles $CYCLES
settle "$before"
summary "after $CYCLES more loads"
cat /proc/dept_stats

fail=0
if grep -E '^\[[^]]*\] unload_(outer|inner|spin|comp):' /proc/dept_deps; then
	echo "dept-module-unload: classes of the module left in /proc/dept_deps"
	fail=1
fi
if [ "$(unlisted)" != "$before" ]; then
	echo "dept-module-unload: class and dep objects leaked: unlisted $before -> $(unlisted)"
	fail=1
fi
for pool_before in "wait $wait_before" "ecxt $ecxt_before" "stack $stack_before"; do
	set -- $pool_before
	grown=$(($(used "$1") - $2))
	if [ $grown -ge $CYCLES ]; then
		echo "dept-module-unload: the $1 pool grew by $grown over $CYCLES loads"
		fail=1
	fi
done
grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-module-unload: DEPT stopped"; fail=1; }
[ $fail = 0 ] || exit 1
echo "dept-module-unload: $CYCLES loads, class and dep pools back where they started"
