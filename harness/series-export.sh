#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Write the commits of the prepared tree after "pristine" back into the
# series, one patch per commit with git format-patch: a commit touching only
# the kernel paths of a target (its target file's build.sources: arch/um
# for um) goes to that target's series folder (arch-glue/um), any other
# to src/patches.  Then record the tree as
# prepared from the new series, so nothing is re-applied or rebuilt.
#
# usage: series-export.sh TREE
set -euo pipefail

tree=$1
series=default
repo=$(cd "$(dirname "$0")/.." && pwd)
stamp=$tree.stamp

die() { echo "series-export: error: $*" >&2; exit 1; }
# shellcheck source=harness/series.sh
. "$repo/harness/series.sh"

[ -d "$tree/.git" ] || die "$tree is not prepared; run 'make tree'"
[ "$(stamp_series "$stamp")" = "$(describe_series)" ] ||
	die "the patches on disk changed since $tree was prepared; exporting would lose them"
[ -z "$(git -C "$tree" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes; commit them first"

# A sed script mapping a file of the tree to its series folder.
folder_of_file=$(while read -r dir sources; do
	for source in $sources; do
		echo "s|^$source.*|$dir|; t"
	done
done <<< "$TARGET_SERIES"; echo 's|.*|src/patches|')

# The series directory of a commit, from the files it touches.
destination() {
	local dirs
	dirs=$(git -C "$tree" diff-tree --no-commit-id --name-only -r "$1" |
		sed "$folder_of_file" | sort -u)
	[ "$(echo "$dirs" | wc -l)" = 1 ] ||
		die "commit $(git -C "$tree" log -1 --format='%h "%s"' "$1") mixes" \
			"$(echo "$dirs" | tr '\n' ' ')- split it"
	echo "$dirs"
}

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rank=0
declare -A numbers
for commit in $(git -C "$tree" rev-list --reverse pristine..HEAD); do
	dir=$(destination "$commit")
	position=$(tr ' ' '\n' <<< "$SERIES_DIRS" | grep -nx "$dir" | cut -d: -f1)
	[ "$position" -ge "$rank" ] ||
		die "commit $(git -C "$tree" log -1 --format='%h "%s"' "$commit") ($dir)" \
			"comes after a commit that applies later; reorder: $SERIES_DIRS"
	rank=$position
	numbers[$dir]=$(( ${numbers[$dir]:-0} + 1 ))
	mkdir -p "$out/$dir"
	# A fixed abbreviation of the index lines: a commit exports to the
	# same bytes from any tree, however many objects that tree holds.
	git -C "$tree" -c core.abbrev=9 format-patch -q --zero-commit --no-signature \
		--start-number "${numbers[$dir]}" -o "$out/$dir" -1 "$commit"
done

for dir in $SERIES_DIRS; do
	mkdir -p "$repo/$dir"
	rm -f "$repo/$dir"/*.patch
	if [ -d "$out/$dir" ]; then
		cp "$out/$dir"/*.patch "$repo/$dir/"
		echo "series-export: $dir:" "$out/$dir"/*.patch | sed "s|$out/$dir/||g"
	fi
done
"$repo/harness/prepare-tree.sh" --adopt "$tree"
