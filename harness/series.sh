# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154 # repo, series: set by the caller
# The patch series of the project, for harness/prepare-tree.sh and
# harness/series-export.sh (sourced; needs $repo and $series).
#
# Patches apply in this order, each directory sorted by file name:
# generic kernel changes first, then the per-architecture glue of each
# target, in the order of their target files (harness/targets.py).
# TARGET_SERIES: one line per target, its series folder and the kernel
# paths of its commits.
TARGET_SERIES=$(cd "$repo" && python3 -m harness.targets series) ||
	die "the target files cannot be read"
SERIES_DIRS="src/patches $(cut -d' ' -f1 <<< "$TARGET_SERIES" | paste -sd' ')"

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
