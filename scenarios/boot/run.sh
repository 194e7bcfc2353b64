#!/bin/sh
# A trivial workload: processes, pipes, a file system, the pseudo files.
set -e
for i in 1 2 3 4 5; do
	echo "line $i" > /tmp/file.$i
done
cat /tmp/file.* | wc -l | grep -qx 5
ls /proc/self/ /sys/kernel/debug > /dev/null
grep -q MemTotal /proc/meminfo
sync
