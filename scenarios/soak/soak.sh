#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The soak's workload, run in the guest as root on a Debian userspace:
# fs-workload's fsload on ext4 and on xfs (each on a disk of its own),
# loading and unloading the real modules of ./modules, every stress-ng
# stressor of the classes of ./stressors, each for a bounded time, and
# last fsload on ext4 over a loop device.  The
# host (harness/soak.py) reads what happened from the kernel's
# console: each step is framed by markers written to /dev/kmsg, so they
# fall in order among the kernel's own reports:
#   soak: begin minutes=M uptime=SECONDS (since the kernel started)
#   soak: step NAME begin
#   soak: step NAME end status=S [bogo-ops/s=X] [dept=stopped]
#   soak: step NAME says: LINE       (what a failing step printed)
#   soak: done
# A status of 0 is success; stress-ng's other statuses are its own (2: a
# stressor failed, 3: no resources, 4: not implemented on this system).
# The length comes from soak.minutes=M on the kernel command line;
# soak.steps=PATTERN,... runs only the steps whose names match one of the
# shell patterns (e.g. stress-ng/pipe,module/*); soak.target=T names the
# target the harness booted (um, x86_64, arm64: UML's uname says x86_64).
here=$(dirname "$(realpath "$0")")
minutes=$(sed -n 's/.*soak\.minutes=\([0-9]*\).*/\1/p' /proc/cmdline)
minutes=${minutes:-30}
target=$(sed -n 's/.*soak\.target=\([^ ]*\).*/\1/p' /proc/cmdline)
steps=$(sed -n 's/.*soak\.steps=\([^ ]*\).*/\1/p' /proc/cmdline)
work=/var/tmp/soak
FSLOAD_SECONDS=30

mark() {
	echo "<5>soak: $*" > /dev/kmsg
}

# wanted NAME: whether soak.steps asks for step NAME
wanted() {
	local pattern
	[ -z "$steps" ] && return 0
	for pattern in ${steps//,/ }; do
		# shellcheck disable=SC2053
		[[ $1 == $pattern ]] && return 0
	done
	return 1
}

# step NAME COMMAND...: run COMMAND as step NAME, its output in $work/log,
# its status in $status
step() {
	local name=$1 line
	shift
	mark "step $name begin"
	"$@" > "$work/log" 2>&1
	status=$?
	# what a failing step said: its errors and failures, or its last lines
	if [ $status != 0 ]; then
		{ grep -m 5 -E 'fail|error|FAIL|ERROR' "$work/log" ||
			tail -n 5 "$work/log"; } | while read -r line; do
			mark "step $name says: $line"
		done
	fi
	# DEPT stops for good at an oops or a panic: the steps after it ran
	# without it
	grep -qx 'stopped 1' /proc/dept_stats 2> /dev/null && bogo="$bogo dept=stopped"
	mark "step $name end status=$status$bogo"
	bogo=
}
bogo=

# fsload_on FS DEVICE: fs-workload's load on a fresh FS on DEVICE, its
# data checked from the disk and again after a remount
fsload_on() {
	local fs=$1 dev=$2 status=0
	case $fs in
	ext4) mkfs.ext4 -q -F "$dev" ;;
	xfs) mkfs.xfs -q -f "$dev" ;;
	esac || return 1
	mkdir -p "$work/mnt"
	mount -t "$fs" "$dev" "$work/mnt" && mkdir "$work/mnt/load" &&
		"$here/fsload" run "$work/mnt/load" $FSLOAD_SECONDS 4 2 \
			"$work/manifest" &&
		sync && echo 3 > /proc/sys/vm/drop_caches &&
		"$here/fsload" verify "$work/mnt/load" "$work/manifest" &&
		umount "$work/mnt" &&
		mount -t "$fs" "$dev" "$work/mnt" &&
		"$here/fsload" verify "$work/mnt/load" "$work/manifest" || status=1
	umount "$work/mnt" 2> /dev/null
	return $status
}

# The same on a loop device over a file of the root file system: one
# file system stacked on another of the same type
fsload_on_loop() {
	local fs=$1 image=$work/$1.img dev status
	# loop may be a module, and nothing loads it before its device exists
	modprobe -q loop
	rm -f "$image"
	truncate -s 512M "$image" || return 1
	dev=$(losetup --find --show "$image") || return 1
	fsload_on "$fs" "$dev"
	status=$?
	losetup -d "$dev"
	rm -f "$image"
	return $status
}

# A module is loaded, its devices touched, and unloaded; a module this
# kernel does not build is not an error (status 4, as stress-ng's "not
# implemented").
module_cycle() {
	local name=$1
	shift
	modprobe -n "$name" 2> /dev/null || return 4
	modprobe "$name" "$@" || return 1
	case $name in
	brd) dd if=/dev/zero of=/dev/ram0 bs=64k count=64 conv=fsync ;;
	null_blk) dd if=/dev/nullb0 of=/dev/null bs=64k count=64 ;;
	zram) echo 16M > /sys/block/zram0/disksize &&
		mkfs.ext4 -q /dev/zram0 ;;
	veth) ip link add soak0 type veth peer name soak1 &&
		ip link set soak0 up && ip link set soak1 up &&
		ip link del soak0 ;;
	esac || return 1
	sleep 1
	modprobe -r "$name"
}

# Static keys flipped at run time for ten seconds while both CPUs pass
# the sites they patch: the scheduler's schedstats key, met at every
# context switch, and two pipes kept busy.  x86 patches a site through
# int3 (text_poke_bp()), and a CPU that meets the int3 once the patch is
# done dies of it.  A kernel without CONFIG_SCHEDSTATS: not implemented.
flip_static_keys() {
	local knob=/proc/sys/kernel/sched_schedstats was flips=0 pids='' status=0
	[ -w $knob ] || return 4
	was=$(cat $knob)
	for _ in 1 2; do
		yes | cat > /dev/null &
		pids="$pids $!"
	done
	local end=$((SECONDS + 10))
	while [ $SECONDS -lt $end ]; do
		if ! echo 1 > $knob || ! echo 0 > $knob; then
			status=1
			break
		fi
		flips=$((flips + 1))
	done
	# shellcheck disable=SC2086
	kill $pids
	echo "$was" > $knob
	echo "$flips flips"
	return $status
}

# A stressor runs in a session of its own: stress-ng signals its whole
# process group when it stops its workers, which must not reach this
# script.  Its files go to its working folder, stress-ng's default: given
# --temp-path, stress-ng 0.15's io-uring stressor fails every
# IORING_OP_STATX with ENOENT, on any kernel.  A stressor stress-ng does
# not start in this guest (it names what it lacks, e.g. a pathological
# stressor or a missing capability) counts as not implemented here.
stressor() {
	local name=$1 seconds=$2 status without=()
	# root's capabilities after exec are its bounding set
	[ -n "${stressor_nocap[$name]}" ] &&
		without=(setpriv --bounding-set="-${stressor_nocap[$name]}")
	# shellcheck disable=SC2086
	(cd "$work/tmp" &&
		timeout -k 10 $((seconds * 4 + 120)) setsid -w "${without[@]}" \
			stress-ng \
			--"$name" 2 ${stressor_args[$name]} \
			--timeout "${seconds}s" --metrics-brief \
			--yaml "$work/yaml")
	status=$?
	[ $status = 1 ] && grep -q 'No stress workers invoked' "$work/log" &&
		status=4
	# sed, not awk: an extracted root (arm64's) has no alternatives set
	# up, so no awk
	bogo=$(sed -n '/bogo-ops-per-second-real-time:/ {
		s/.*: *\([^ ]*\).*/ bogo-ops\/s=\1/p; q; }' "$work/yaml" 2> /dev/null)
	rm -f "$work/yaml"
	return $status
}

# The options ./stressors gives a stressor (its 'args' lines) and the
# capability it runs without (its 'nocap' lines), by name
declare -A stressor_args stressor_nocap
while read -r word name args; do
	case $word in
	args) stressor_args[$name]=$args ;;
	nocap) stressor_nocap[$name]=$args ;;
	esac
done < "$here/stressors"

rm -rf "$work"
mkdir -p "$work/tmp"
mark "begin minutes=$minutes uptime=$(cut -d" " -f1 /proc/uptime)"
deadline=$((SECONDS + minutes * 60))
# a disk of its own for each file system (the guest's virtio or ubd disks
# but the root's, in their order)
root=$(mountpoint -d /)
set --
for disk in /sys/block/vd* /sys/block/ubd*; do
	[ -e "$disk/dev" ] && [ "$(cat "$disk/dev")" != "$root" ] &&
		set -- "$@" "/dev/${disk##*/}"
done
for fs in ext4 xfs; do
	[ $# -gt 0 ] && wanted "fs-workload/$fs" &&
		step "fs-workload/$fs" fsload_on "$fs" "$1"
	shift
done
while read -r name args; do
	case $name in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2086
	wanted "module/$name" && step "module/$name" module_cycle "$name" $args
done < "$here/modules"
wanted kernel/static-key-flips &&
	step kernel/static-key-flips flip_static_keys
stressors=()
step stress-ng/classes "$here/stressor-list" "$here/stressors" "$target"
if [ $status = 0 ]; then
	while read -r name; do
		wanted "stress-ng/$name" && stressors+=("$name")
	done < "$work/log"
fi
left=${#stressors[@]}
for name in "${stressors[@]}"; do
	# spread what is left of the time over the stressors left, less
	# about a second each to start and stop them
	seconds=$(( (deadline - SECONDS) / left - 1 ))
	[ $seconds -lt 2 ] && seconds=2
	step "stress-ng/$name" stressor "$name" $seconds
	left=$((left - 1))
done
# Last, ext4 on a loop device over the root's ext4: DEPT gives both file
# systems one set of classes, so the loop worker's writes to the backing
# file bring dependencies of one into the other; after every other step,
# so that none of them is judged in a graph they changed
wanted fs-workload/ext4-on-loop &&
	step fs-workload/ext4-on-loop fsload_on_loop ext4
sync
mark "done"
