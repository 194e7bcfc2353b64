#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the prepared tree for one architecture on a full configuration:
# its defconfig, plus harness/full-config/series.config, workload.config
# (what the soak's workload needs) and the target's own FRAGMENT,
# with CONFIG_DEPT=y or n, or as the floor (harness/variants/floor.config:
# neither DEPT nor lockdep, make bench's floor of the soak); fail if an
# option of the fragments did not survive (merge_config.sh names it).
# Then, unless W1 is n, rebuild with W=1 every object of a C file the
# series touches that this configuration builds, and judge its warnings
# (full_config_warnings.py): a warning on a line the series added fails.
#
# usage: full-config.sh TREE OUT ARCH DEPT(y|n|floor) JOBS W1(y|n) FRAGMENT \
#		-- MAKE_ARG...
# (from the repository root, as make runs it: python3 -m harness.* needs it)
set -euo pipefail

tree=$(realpath "$1") out=$2 arch=$3 dept=$4 jobs=$5 w1=$6
fragment=$(realpath "$7")
shift 7
[ "${1:-}" = -- ] && shift
make_args=("$@")
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
out=$(realpath "$out")

kmake() {
	make -s -C "$tree" O="$out" "${make_args[@]}" "$@"
}

case $dept in
# DEPT as it is meant to run, beside lockdep's validation: CONFIG_DEPT
# only implies PROVE_LOCKING, which a defconfig that says it is not set
# keeps off
y) printf 'CONFIG_DEPT=y\nCONFIG_PROVE_LOCKING=y\n' > "$out/dept.config" ;;
n) echo "# CONFIG_DEPT is not set" > "$out/dept.config" ;;
floor) cp "$here/variants/floor.config" "$out/dept.config" ;;
*) echo "full-config: DEPT must be y, n or floor, not $dept" >&2; exit 2 ;;
esac
kmake defconfig
(cd "$out" && "$tree/scripts/kconfig/merge_config.sh" -m -O "$out" .config \
	"$here/full-config/series.config" "$here/full-config/workload.config" \
	"$fragment" dept.config) > "$out/merge.log"
kmake olddefconfig
# merge_config.sh -m only merges; check what olddefconfig kept of each
# option's last setting (the floor unsets options series.config sets)
missing=0
declare -A wanted
while read -r line; do
	case $line in
	"# CONFIG_"*" is not set") name=${line#\# }; name=${name%% *} ;;
	CONFIG_*) name=${line%%=*} ;;
	*) continue ;;
	esac
	wanted[$name]=$line
done < <(cat "$here/full-config/series.config" "$here/full-config/workload.config" \
	"$fragment" "$out/dept.config")
for name in "${!wanted[@]}"; do
	line=${wanted[$name]}
	case $line in
	"# "*) ! grep -q "^$name=" "$out/.config" && continue ;;
	*) grep -qxF "$line" "$out/.config" && continue ;;
	esac
	echo "full-config: $line did not survive in $out/.config" >&2
	missing=1
done
[ $missing = 0 ] || exit 1

start=$(date +%s)
kmake -j"$jobs" all
echo "full-config: $arch DEPT=$dept built in $(( $(date +%s) - start )) s"
[ "$w1" = n ] && exit 0

# The objects of the C files the series touches or adds, built here
objs=()
while read -r file; do
	[ -f "$out/${file%.c}.o" ] && objs+=("${file%.c}.o")
done < <(python3 -m harness.full_config_warnings --touched "$tree")
echo "full-config: W=1 on ${#objs[@]} objects the series touches"
kmake -j"$jobs" W=1 "${objs[@]}" 2> "$out/w1.log" || { cat "$out/w1.log" >&2; exit 1; }
python3 -m harness.full_config_warnings --judge "$tree" "$out" "$out/w1.log"
