#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build a Debian root file system from Debian's packages, as a tarball, for
# one Debian architecture: the essential set plus the packages listed in
# PACKAGES (one per line, '#' comments), from the host's own apt sources.
#
# The host's architecture gets a real installation (mmdebstrap's root
# mode: maintainer scripts run in a chroot), so systemd can boot it.  A
# foreign architecture is only extracted (variant "extract": every package
# and its dependencies unpacked, no maintainer script run), because running
# its maintainer scripts would need qemu-user through binfmt_misc, which is
# host kernel state this project does not touch.  Such a tree has no
# configured init; the soak boots it with its own (scenarios/soak/init).
#
# usage: rootfs.sh DEB_ARCH PACKAGES OUT.tar
set -euo pipefail

arch=$1 packages=$2 out=$3
host=$(dpkg --print-architecture)
include=$(sed -e 's/#.*//' "$packages" | xargs | tr ' ' ,)
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
mirror=$(apt-get indextargets --format '$(SITE)' 'Created-By: Packages' \
	2>/dev/null | grep -v security | head -n1)
mirror=${mirror:-http://deb.debian.org/debian}

if [ "$arch" = "$host" ]; then
	args=(--mode=root --variant=minbase --include="$include")
else
	args=(--mode=root --variant=extract --include='?essential'
		--include="$include")
fi
mkdir -p "$(dirname "$out")"
start=$(date +%s)
mmdebstrap --quiet --format=tar --architectures="$arch" "${args[@]}" \
	"$suite" "$out.tmp" "$mirror"
mv "$out.tmp" "$out"
echo "rootfs: $arch from $suite ($mirror) in $(( $(date +%s) - start )) s:" \
	"$(du -h "$out" | cut -f1)"
