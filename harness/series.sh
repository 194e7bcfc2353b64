# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154 # repo, series: set by the caller
# The patch series of the project, for harness/prepare-tree.sh and
# harness/series-export.sh (sourced; needs $repo and $series).
#
# Patches apply in this order, each directory sorted by file name:
# generic kernel changes first, then the per-architecture glue.
SERIES_DIRS="src/patches arch-glue/um arch-glue/x86_64 arch-glue/arm64"

list_patches() {
	[ "$series" = none ] && return 0
	[ "$series" = default ] || die "SERIES must be 'default' or 'none', not '$series'"
	local dir
	for dir in $SERIES_DIRS; do
		find "$repo/$dir" -maxdepth 1 -name '*.patch' 2>/dev/null | LC_ALL=C sort
	done
}

# One line per patch: "<sha256> <path relative to the repository>".
describe_series() {
	local patch
	list_patches | while read -r patch; do
		echo "$(sha256sum < "$patch" | cut -d' ' -f1) ${patch#"$repo"/}"
	done
}

# The patches a stamp records as applied, in the same form.
stamp_series() {
	sed -n 's/^patch //p' "$1" 2>/dev/null
}
