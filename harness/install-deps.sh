#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install, with apt-get, the Debian packages the project needs and that are
# missing.  Never asks a question; says what it installs.
#
# usage: install-deps.sh PACKAGE...
set -eu

missing=
for package in "$@"; do
	status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing="$missing $package"
done
[ -n "$missing" ] || exit 0

if [ "$(id -u)" = 0 ]; then
	sudo=
elif command -v sudo > /dev/null; then
	sudo="sudo -n"
else
	echo "install-deps: error: missing packages:$missing (run as root)" >&2
	exit 1
fi
echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# shellcheck disable=SC2086 # one word per package
$sudo apt-get install -y -q --no-install-recommends $missing
