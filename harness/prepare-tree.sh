#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prepare the kernel tree: Debian's linux-source-6.12 unpacked into a git
# repository (commit "pristine"), the project's patch series applied with
# "git am" (one commit per patch), then the project's new files from src/
# copied over.  A stamp records the package version and every applied patch;
# only what changed is redone, so unchanged files keep their mtimes and
# kernel builds stay incremental.
#
# usage: prepare-tree.sh [--adopt] TREE [SERIES]
#   TREE     the kernel tree to prepare (e.g. build/linux)
#   SERIES   "default" for src/patches + arch-glue/{um,x86_64,arm64},
#            or "none" for the pristine tree plus the new files
#   --adopt  record the tree's commits as the series on disk without
#            applying anything (after harness/series-export.sh wrote them)
set -euo pipefail

adopt=
if [ "${1:-}" = --adopt ]; then
	adopt=1
	shift
fi
tree=$1
series=${2:-default}
repo=$(cd "$(dirname "$0")/.." && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
package=linux-source-6.12
stamp=$tree.stamp
overlay_list=$tree.overlay

say() { echo "prepare-tree: $*"; }
die() { echo "prepare-tree: error: $*" >&2; exit 1; }
git_tree() { git -C "$tree" -c user.name=dept-harness \
	-c user.email=dept-harness@localhost "$@"; }

# What the tree is made from, as names, sizes and mtimes: the package's
# tarball, the series setting, the target files (which order the
# series), the patches, src/'s files and the tree's copies of them, the
# tree's commit, the scripts that make it.  make runs this script before
# every build; while these are as the last finished run left them, the
# tree is as that run made it, and the full check (a second of dpkg, git,
# a hash per patch) is skipped.
inputs=$tree.inputs
inputs_digest() {
	{
		echo "$series"
		git -C "$tree" rev-parse HEAD 2>/dev/null || true
		stat -c '%n %s %Y' "$tarball" "$repo/harness/prepare-tree.sh" \
			"$repo/harness/series.sh" "$repo/harness/targets.py"
		(cd "$repo" && find src um-config qemu-config arch-glue -type f \
			\( -path 'src/*' -o -name '*.toml' -o -name '*.patch' \) \
			-printf '%p %s %T@\n' | LC_ALL=C sort)
		[ ! -f "$overlay_list" ] ||
			(cd "$tree" && xargs -r stat -c '%n %s %Y') < "$overlay_list"
	} 2>/dev/null | md5sum
}
if [ -z "$adopt" ] && [ -f "$stamp" ] && [ -f "$inputs" ] &&
   [ "$(inputs_digest)" = "$(cat "$inputs")" ]; then
	exit 0
fi
rm -f "$inputs"

# shellcheck source=harness/series.sh
. "$repo/harness/series.sh"

package_version=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null) ||
	die "$package is not installed"
[ -r "$tarball" ] || die "$tarball missing"
wanted_series=$(describe_series)

stamp_field() { sed -n "s/^$1 //p" "$stamp" 2>/dev/null; }

unpack() {
	say "unpacking $package $package_version into $tree"
	rm -rf "$tree" "$tree.tmp" "$stamp" "$overlay_list"
	mkdir -p "$tree.tmp"
	tar -C "$tree.tmp" -xf "$tarball" --strip-components=1
	git -C "$tree.tmp" init -q
	git -C "$tree.tmp" config core.autocrlf false
	git -C "$tree.tmp" config gc.auto 0
	mv "$tree.tmp" "$tree"
	# -f: Debian's top-level .gitignore ignores everything at the top level.
	git_tree add -A -f
	git_tree commit -q -m "pristine $package $package_version"
	git_tree tag -f pristine > /dev/null
	printf 'package %s\n' "$package_version" > "$stamp"
}

# The number of leading patches that are already applied unchanged.
common_prefix() {
	local applied i=0
	applied=$(stamp_series "$stamp")
	while read -r line; do
		[ -n "$line" ] || continue
		[ "$(sed -n "$((i + 1))p" <<< "$applied")" = "$line" ] || break
		i=$((i + 1))
	done <<< "$wanted_series"
	echo $i
}

# Re-applying the patches after a changed one rewrites every file they
# touch.  A file that ends with the content it had keeps its old mtime, so
# that editing one patch rebuilds what that patch changes, not what the
# patches after it change.  remember_mtimes BASE records, for each file
# that differs between BASE and HEAD, its blob and mtime; restore_mtimes
# puts back the mtime of each file whose blob is the same again.
mtimes=$tree.mtimes

remember_mtimes() {
	local file
	git_tree diff --name-only -z "$1" HEAD | while IFS= read -r -d '' file; do
		[ -f "$tree/$file" ] || continue
		printf '%s %s %s\0' "$(git_tree rev-parse "HEAD:$file")" \
			"$(stat -c %.9Y "$tree/$file")" "$file"
	done > "$mtimes"
}

restore_mtimes() {
	local blob mtime file
	while IFS=' ' read -r -d '' blob mtime file; do
		[ "$(git_tree rev-parse -q --verify "HEAD:$file" || true)" = "$blob" ] &&
			touch -m -d "@$mtime" "$tree/$file"
	done < "$mtimes"
	rm -f "$mtimes"
}

apply_series() {
	local keep base applied_count
	keep=$(common_prefix)
	applied_count=$(stamp_series "$stamp" | grep -c . || true)
	[ "$(git_tree rev-list --count pristine..HEAD)" = "$applied_count" ] ||
		die "$tree has commits that are not in the series; run 'make series-export' or reset it"
	if [ -n "$(git_tree status --porcelain --untracked-files=no)" ]; then
		die "$tree has uncommitted changes; commit them and run 'make series-export', or discard them"
	fi
	base=$(git_tree rev-list --reverse pristine..HEAD | awk -v n="$keep" 'NR == n')
	remember_mtimes "${base:-pristine}"
	# reset --hard rewrites only the files that differ from the target.
	git_tree reset -q --hard "${base:-pristine}"
	printf 'package %s\n' "$package_version" > "$stamp"
	awk -v n="$keep" 'NR <= n' <<< "$wanted_series" | sed '/^$/d; s/^/patch /' >> "$stamp"
	local line
	sed -n "$((keep + 1)),\$p" <<< "$wanted_series" | while read -r line; do
		[ -n "$line" ] || continue
		say "applying ${line#* }"
		git_tree am -q --keep-cr "$repo/${line#* }" ||
			{ git_tree am --abort || true
			  die "${line#* } does not apply to $package $package_version"; }
		echo "patch $line" >> "$stamp"
	done
	restore_mtimes
}

# Copy the new files of src/ (all but src/patches) into the tree; rewrite
# a file only when its content differs, remove files no longer in src/.
overlay() {
	local new_list file
	new_list=$(cd "$repo/src" && find . -path ./patches -prune -o -type f -print |
		sed 's|^\./||' | LC_ALL=C sort)
	if [ -f "$overlay_list" ]; then
		comm -23 "$overlay_list" <(echo "$new_list") | while read -r file; do
			[ -n "$file" ] || continue
			say "removing $file"
			rm -f "$tree/$file"
		done
	fi
	while read -r file; do
		[ -n "$file" ] || continue
		if ! cmp -s "$repo/src/$file" "$tree/$file"; then
			if git_tree ls-files --error-unmatch -- "$file" > /dev/null 2>&1; then
				die "src/$file would overwrite a file of the kernel; change it with a patch instead"
			fi
			say "copying src/$file"
			mkdir -p "$(dirname "$tree/$file")"
			cp "$repo/src/$file" "$tree/$file"
		fi
	done <<< "$new_list"
	echo "$new_list" > "$overlay_list"
}

if [ ! -d "$tree/.git" ] || [ "$(stamp_field package)" != "$package_version" ]; then
	unpack
fi
# The tree's commits after pristine are the series on disk: record it.
adopt_series() {
	local commits patches
	commits=$(git_tree rev-list --count pristine..HEAD)
	patches=$(echo "$wanted_series" | grep -c . || true)
	[ "$commits" = "$patches" ] ||
		die "$tree has $commits commits after pristine, the series $patches patches"
	printf 'package %s\n' "$package_version" > "$stamp"
	echo "$wanted_series" | sed '/^$/d; s/^/patch /' >> "$stamp"
}

if [ -n "$adopt" ]; then
	adopt_series
elif [ "$(stamp_series "$stamp")" != "$wanted_series" ]; then
	apply_series
fi
overlay
inputs_digest > "$inputs"
