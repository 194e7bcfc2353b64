#!/bin/sh
# Load and unload dept_module_unload 10 times (warm-up: the kernel's own
# classes and dependencies on the insmod/rmmod paths appear), take DEPT's
# pools, load and unload it 100 times more, take it again.
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

# "used" of pool $1
used() {
	dept-pools used > /tmp/used || exit 1
	awk -v pool="$1" '$1 == pool { print $2 }' /tmp/used
}

listed_deps() {
	grep -c '^ -> ' /proc/dept_deps
}

# Classes and dependencies that use objects but /proc/dept_deps does not
# list: "unlisted_classes unlisted_deps", from /proc/dept_deps read between
# two reads of /proc/dept_stats that agree on the class and dep pools'
# "used" (the kernel adds classes and dependencies at any time: a read
# that one straddles is taken again, up to 100 times).
unlisted() {
	reads=0
	while [ $reads -lt 100 ]; do
		reads=$((reads + 1))
		dept-pools used > /tmp/stats1 || exit 1
		cat /proc/dept_deps > /tmp/deps
		dept-pools used > /tmp/stats2 || exit 1
		snapshot='$1 == "class" || $1 == "dep" { printf "%s ", $2 }'
		[ "$(awk "$snapshot" /tmp/stats1)" = "$(awk "$snapshot" /tmp/stats2)" ] && break
	done
	awk 'FNR == NR && $1 == "class" { used_classes = $2 }
	     FNR == NR && $1 == "dep" { used_deps = $2 }
	     FNR != NR && /^\[/ { classes++ }
	     FNR != NR && /^ -> / { deps++ }
	     END { print used_classes - classes, used_deps - deps }' /tmp/stats1 /tmp/deps
}

# The same unlisted figures twice in a row, 0.2 s apart (at most 10 s):
# RCU has freed what the last unload gave back.
settled() {
	now=$(unlisted) || exit 1
	tries=0
	while [ $tries -lt 50 ]; do
		tries=$((tries + 1))
		sleep 0.2
		again=$(unlisted) || exit 1
		[ "$again" = "$now" ] && break
		now=$again
	done
	echo "$now"
}

summary() {
	echo "dept-module-unload: $1: unlisted classes and deps: $2," \
	     "listed deps $(listed_deps), used: dep $(used dep) class $(used class)" \
	     "stack $(used stack) ecxt $(used ecxt) wait $(used wait)"
}

cycles $WARMUP
before=$(settled) || exit 1
summary "after $WARMUP warm-up loads" "$before"
cat /proc/dept_stats
deps_before=$(listed_deps)
wait_before=$(used wait) ecxt_before=$(used ecxt) stack_before=$(used stack)

cycles $CYCLES
after=$(settled) || exit 1
summary "after $CYCLES more loads" "$after"
cat /proc/dept_stats
echo "dept-module-unload: over $CYCLES loads, $(($(listed_deps) - deps_before)) new" \
     "dependencies of the kernel's own, and the pools grew by" \
     "wait $(($(used wait) - wait_before)) ecxt $(($(used ecxt) - ecxt_before))" \
     "stack $(($(used stack) - stack_before))"

fail=0
if grep -E '^\[[^]]*\] unload_(outer|inner|spin|comp):' /proc/dept_deps; then
	echo "dept-module-unload: classes of the module left in /proc/dept_deps"
	fail=1
fi
if [ "$after" != "$before" ]; then
	echo "dept-module-unload: unlisted classes and deps went from $before to $after"
	fail=1
fi
grep -qx 'stopped 0' /proc/dept_stats || { echo "dept-module-unload: DEPT stopped"; fail=1; }
[ $fail = 0 ] || exit 1
echo "dept-module-unload: $CYCLES loads, class and dep pools back where they started"
