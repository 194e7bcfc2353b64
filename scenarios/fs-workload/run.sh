#!/bin/sh
# ext4 on the scenario's disk (made on the host by the runner, found in
# $HARNESS_DISK0): parallel writers and readers for a while, then sync, drop
# the caches and check every kept file from the disk, unmount, mount again
# and check again.  fsload exits non-zero on the first damaged file.
SECONDS_OF_LOAD=20
WRITERS=4
READERS=2

disk=${HARNESS_DISK0:?no disk attached}
manifest=/tmp/fs-workload.manifest

mkdir -p /mnt || exit 1
mount -t ext4 "$disk" /mnt || exit 1
mkdir /mnt/load || exit 1
/scenario/fsload run /mnt/load $SECONDS_OF_LOAD $WRITERS $READERS $manifest \
	> /tmp/fsload.log
status=$?
cat /tmp/fsload.log
[ $status = 0 ] || exit 1
awk '/writer .* bytes written/ { sum += $6 } END {
	printf "fs-workload: %d bytes written\n", sum }' /tmp/fsload.log

sync || exit 1
echo 3 > /proc/sys/vm/drop_caches || exit 1
/scenario/fsload verify /mnt/load $manifest || exit 1
umount /mnt || exit 1

mount -t ext4 "$disk" /mnt || exit 1
/scenario/fsload verify /mnt/load $manifest || exit 1
umount /mnt || exit 1
echo "fs-workload: data intact after remount"

# ext4's metadata buffers went through DEPT as buffer locks: the graph
# holds dependencies into or out of their class
deps=$(dept-edges | grep -c 'bh_lock_bdev_map:')
echo "fs-workload: $deps dependencies of buffer locks in DEPT's graph"
