#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fetch the static busybox of a foreign Debian architecture (the guest's
# userspace when the guest is not the host's architecture): download the
# busybox-static package of that architecture with apt-get and unpack its
# binary.  The architecture must be known to apt (harness/install-deps.sh
# --foreign-arch).
#
# usage: fetch-busybox.sh DEBIAN_ARCH DESTINATION
set -eu

arch=$1 destination=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# apt-get download writes to the current directory.
if ! (cd "$work" && apt-get download -q -o APT::Sandbox::User=root \
		"busybox-static:$arch"); then
	echo "fetch-busybox: error: cannot download busybox-static:$arch" \
		"(is the architecture added? run 'make deps')" >&2
	exit 1
fi
dpkg-deb -x "$work"/busybox-static_*_"$arch".deb "$work/root"
mkdir -p "$(dirname "$destination")"
cp "$work/root/bin/busybox" "$destination"
echo "fetch-busybox: $destination from $(basename "$work"/busybox-static_*.deb)"
