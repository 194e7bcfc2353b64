#!/bin/sh
# The messages and defaults of the garbage parameters (see expect), the
# refused writes, then the cycle's report while two shells read the /proc
# files and check that each read is whole or says a report is printing.
fail() {
	echo "dept-bad-input: $*"
	exit 1
}

# $1: the parameter, $2: the tail of its message, then its bad values:
# one message for each, naming the value when there is one.
check_messages() {
	parameter=$1 message=$2
	shift 2
	[ "$(dmesg | grep -c "DEPT: $parameter\([= ]\|$\)")" = $# ] ||
		fail "not $# messages for $parameter"
	for value in "$@"; do
		[ -z "$value" ] || dmesg | grep -qF "DEPT: $parameter=$value $message" ||
			fail "no message for $parameter=$value"
	done
	messages=$((messages + $#))
}
messages=0
check_messages dept 'is not a boolean; keeping on' banana -1 99999999999999999999
check_messages dept_aggressive_timeout 'is not a boolean; keeping off' \
	maybe -1 99999999999999999999
# the last one: "dept_pool_objs" without a value
check_messages dept_pool_objs 'is not a number' lots -5 8 99999999999999999999 ''
# The boot pools of src/kernel/dependency/dept_object.h: total - grown
dept-pools total grown > /tmp/pools || exit 1
pools=$(awk '{ printf "%s=%d ", $1, $2 - $3 }' /tmp/pools)
[ "$pools" = "dep=2048 class=1024 stack=4096 ecxt=1024 wait=4096 " ] ||
	fail "boot pools not at their defaults: $pools"
echo "dept-bad-input: $messages messages, defaults kept"

for file in /proc/dept_deps /proc/dept_stats; do
	echo 0 2> /dev/null > $file && fail "writing $file succeeded"
	echo 0 2> /dev/null >> $file && fail "appending to $file succeeded"
done
echo "dept-bad-input: writes refused"

# A whole read of dept_stats ends with "stopped N"; one of dept_deps is
# class lines and " -> " lines; either may be the one line below instead.
busy='(a report is printing: try again)'
read_in_a_loop() {
	n=0 busy_reads=0
	while [ ! -e /tmp/cycle-done ] || [ $n -lt 20 ]; do
		cat /proc/dept_stats > /tmp/stats.$1 || fail "reading dept_stats"
		cat /proc/dept_deps > /tmp/deps.$1 || fail "reading dept_deps"
		if [ "$(cat /tmp/stats.$1)" = "$busy" ]; then
			busy_reads=$((busy_reads + 1))
		else
			tail -n 1 /tmp/stats.$1 | grep -qx 'stopped [01]' ||
				fail "a partial read of dept_stats: $(tail -n 1 /tmp/stats.$1)"
		fi
		if [ "$(cat /tmp/deps.$1)" = "$busy" ]; then
			busy_reads=$((busy_reads + 1))
		elif grep -qv '^\[[0-9a-f]*\] .*:[0-9]*$\|^ -> \[[0-9a-f]*\] .*:[0-9]*$' /tmp/deps.$1; then
			fail "a bad line in dept_deps: $(grep -v '^\[\|^ -> \[' /tmp/deps.$1 | head -n 1)"
		fi
		n=$((n + 1))
	done
	echo "dept-bad-input: reader $1: $n reads, $busy_reads during a report"
}

insmod /scenario/dept_timeout_cycle.ko || exit 1
rmmod dept_timeout_cycle || exit 1
read_in_a_loop 1 &
first=$!
read_in_a_loop 2 &
second=$!
insmod /scenario/dept_cycle.ko || exit 1
rmmod dept_cycle || exit 1
touch /tmp/cycle-done
wait $first || exit 1
wait $second || exit 1
