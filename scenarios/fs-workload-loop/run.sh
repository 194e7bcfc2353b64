#!/bin/sh
# The lower ext4 is the first disk; the upper one is made by the host on
# the second disk (busybox has no mkfs.ext4) and copied into a file of
# the lower one, which a loop device then carries.
SECONDS_OF_LOAD=10
WRITERS=4
READERS=2

lower=${HARNESS_DISK0:?no disk attached}
upper_image=${HARNESS_DISK1:?no second disk attached}
manifest=/tmp/fs-workload.manifest

mkdir -p /mnt/lower /mnt/upper || exit 1
mount -t ext4 "$lower" /mnt/lower || exit 1
dd if="$upper_image" of=/mnt/lower/upper.img bs=1M 2> /dev/null || exit 1
loop=$(losetup -f) || exit 1
losetup "$loop" /mnt/lower/upper.img || exit 1
mount -t ext4 "$loop" /mnt/upper || exit 1
mkdir /mnt/upper/load || exit 1

/scenario/fsload run /mnt/upper/load $SECONDS_OF_LOAD $WRITERS $READERS \
	$manifest > /tmp/fsload.log
status=$?
cat /tmp/fsload.log
[ $status = 0 ] || exit 1

sync || exit 1
echo 3 > /proc/sys/vm/drop_caches || exit 1
/scenario/fsload verify /mnt/upper/load $manifest || exit 1
umount /mnt/upper || exit 1
losetup -d "$loop" || exit 1
umount /mnt/lower || exit 1
echo "fs-workload-loop: data intact"
