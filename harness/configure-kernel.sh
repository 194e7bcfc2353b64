#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Configure a kernel output directory from config fragments: allnoconfig
# with every fragment forced (KCONFIG_ALLCONFIG), then olddefconfig, then
# check that every option a fragment sets survived.  The .config is only
# replaced when its content changes, so an unchanged configuration rebuilds
# nothing.
#
# usage: configure-kernel.sh TREE OUT FRAGMENT... [-- MAKE_ARG...]
set -euo pipefail

tree=$1 out=$2
shift 2
fragments=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	fragments+=("$1")
	shift
done
[ $# -gt 0 ] && shift
make_args=("$@")
[ ${#fragments[@]} -gt 0 ] || { echo "configure-kernel: no fragment" >&2; exit 1; }

mkdir -p "$out"
work=$(mktemp -d "$out/.configure.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Later fragments override earlier ones: keep the last line per option.
sed -n '/^CONFIG_[A-Za-z0-9_]*=/p; /^# CONFIG_[A-Za-z0-9_]* is not set$/p' \
	"${fragments[@]}" > "$work/all"
tac "$work/all" | awk '{ name = ($1 == "#") ? $2 : substr($0, 1, index($0, "=") - 1) }
	!seen[name]++' | tac > "$work/wanted"

# Configure in a scratch directory so the real one is only touched on change.
if ! make -s -C "$tree" O="$(realpath "$work")" "${make_args[@]}" \
	KCONFIG_ALLCONFIG="$(realpath "$work/wanted")" allnoconfig > "$work/log" 2>&1 ||
   ! make -s -C "$tree" O="$(realpath "$work")" "${make_args[@]}" olddefconfig >> "$work/log" 2>&1; then
	cat "$work/log" >&2
	exit 1
fi

missing=0
while read -r line; do
	case $line in
	"# "*) name=${line#\# }; name=${name%% *}
		grep -qx "$name=.*" "$work/.config" || continue ;;
	*) grep -qxF "$line" "$work/.config" && continue
		name=${line%%=*} ;;
	esac
	got=$(grep -E "^$name=|^# $name is not set" "$work/.config" || echo "absent")
	echo "configure-kernel: error: $line did not survive (the kernel has: $got);" \
		"check its dependencies" >&2
	missing=1
done < "$work/wanted"
[ $missing = 0 ] || exit 1

if ! cmp -s "$work/.config" "$out/.config"; then
	echo "configure-kernel: writing $out/.config"
	cp "$work/.config" "$out/.config"
fi
