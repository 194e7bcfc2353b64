#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install, with apt-get, the Debian packages the project needs and that are
# missing, and make apt know the foreign architectures whose packages the
# harness downloads (the arm64 guest's busybox).  Never asks a question;
# says what it changes.
#
# usage: install-deps.sh [--foreign-arch ARCH]... PACKAGE...
set -eu

if [ "$(id -u)" = 0 ]; then
	sudo=
elif command -v sudo > /dev/null; then
	sudo="sudo -n"
else
	sudo=no
fi
as_root() {
	if [ "$sudo" = no ]; then
		echo "install-deps: error: cannot $* (run as root)" >&2
		exit 1
	fi
	$sudo "$@"
}

update=
while [ $# -gt 0 ] && [ "$1" = --foreign-arch ]; do
	if ! dpkg --print-foreign-architectures | grep -qx "$2" &&
	   [ "$2" != "$(dpkg --print-architecture)" ]; then
		echo "install-deps: adding the Debian architecture $2"
		as_root dpkg --add-architecture "$2"
		update=1
	fi
	shift 2
done

# one dpkg-query for all: make runs this before every build
installed=" $(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null |
	sed -n 's/ install ok installed$//p' | tr '\n' ' ') "
missing=
for package in "$@"; do
	case "$installed" in
	*" $package "*) ;;
	*) missing="$missing $package" ;;
	esac
done
[ -n "$missing$update" ] || exit 0

export DEBIAN_FRONTEND=noninteractive
as_root apt-get update -q
[ -n "$missing" ] || exit 0
echo "install-deps: installing:$missing"
# shellcheck disable=SC2086 # one word per package
as_root apt-get install -y -q --no-install-recommends $missing
