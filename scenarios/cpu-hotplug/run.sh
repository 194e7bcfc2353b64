#!/bin/sh
# Take CPU 1 offline and online again, five times, through sysfs; a write
# that fails or a state that does not follow fails the scenario.
set -e
online=/sys/devices/system/cpu/cpu1/online
for round in 1 2 3 4 5; do
	echo 0 > $online
	[ "$(cat $online)" = 0 ]
	echo 1 > $online
	[ "$(cat $online)" = 1 ]
done
echo "cpu-hotplug: CPU 1 went offline and online $round times"
