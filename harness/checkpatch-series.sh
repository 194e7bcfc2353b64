#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/checkpatch.pl --strict on every patch of the series, run from the
# prepared tree (it needs the tree for its checks of names and files).
# Prints each complaint with its patch, then one summary line; fails when
# a patch has an ERROR.  WARNINGs and CHECKs are printed and do not fail:
# each one left is a judgement call, kept on purpose.
#
# usage: checkpatch-series.sh TREE
set -euo pipefail

tree=$(realpath "$1")
repo=$(cd "$(dirname "$0")/.." && pwd)
series=default
die() { echo "checkpatch-series: error: $*" >&2; exit 1; }
# shellcheck source=harness/series.sh
. "$repo/harness/series.sh"

[ -x "$tree/scripts/checkpatch.pl" ] || die "$tree is not a prepared tree"
patches=0 errors=0 warnings=0 checks=0
while read -r patch; do
	patches=$((patches + 1))
	out=$(cd "$tree" && ./scripts/checkpatch.pl --strict -q --no-summary \
		--show-types "$patch" 2>&1) || true
	[ -z "$out" ] && continue
	echo "== ${patch#"$repo"/}"
	echo "$out" | grep -E '^(ERROR|WARNING|CHECK):' | sort | uniq -c
	errors=$((errors + $(echo "$out" | grep -c '^ERROR:' || true)))
	warnings=$((warnings + $(echo "$out" | grep -c '^WARNING:' || true)))
	checks=$((checks + $(echo "$out" | grep -c '^CHECK:' || true)))
done < <(list_patches)
echo "checkpatch --strict: $patches patches, $errors errors, $warnings warnings, $checks checks"
[ "$errors" -eq 0 ]
