#!/usr/bin/env bash
# check_small.sh — the correctness column of the bench table: runs every bench
# program at a small size both ways (plain cc, and nucc + nurt on the OpenCL
# device here, PoCL on a machine without a GPU) with tests/run_both.sh, and
# checks that the base and optimised forms of a row print the same results.
# Writes bench/results/check_small.txt, which bench/table.py reads.
# Usage: bench/check_small.sh [BUILD_DIR]   (default build/: nucc,
#        pkgconfig-uninstalled/ and tests/outcmp of a CMake build tree)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd) || exit 2
export OUTCMP=${OUTCMP:-$build/tests/outcmp}
export POCL_CACHE_DIR=${POCL_CACHE_DIR:-$build/pocl-cache}
work=$build/bench-check
result=$here/results/check_small.txt
mkdir -p "$work" "$here/results" "$POCL_CACHE_DIR"

# Small arguments of each row (the same for its base and opt forms).
declare -A args=(
  [copy]="100003 2" [imgconv]="131 2" [nbody]="1000 1" [sgemm]="67 1" [dgemm]="67 1"
  [himeno]="XS 2" [sum]="1000003 2" [wave]="20 18 16 3")
rows=(imgconv nbody sgemm dgemm himeno sum wave)

failed=0
{
  echo "# bench/check_small.sh, $(date -u +%Y-%m-%d): each program at a small size, plain cc"
  echo "# against nucc + nurt on the default OpenCL device here and with NU_DEVICE=host"
} >"$result"

# check NAME SRC ARGS...: one run_both.sh run; prints and records ok/FAIL.
check() {
  local name=$1 src=$2
  shift 2
  if bash "$root/tests/run_both.sh" "$build/nucc" "$build/pkgconfig-uninstalled" \
    "$work/$name" "$src" "$@" >"$work/$name.log" 2>&1; then
    echo "$name ok ($*)" | tee -a "$result"
  else
    echo "$name FAIL ($*): see $work/$name.log" | tee -a "$result"
    failed=1
  fi
}

read -r -a a <<<"${args[copy]}"
check copy "$here/kernels/copy.c" "${a[@]}"
for row in "${rows[@]}"; do
  read -r -a a <<<"${args[$row]}"
  for form in base opt; do
    check "${row}_$form" "$here/kernels/${row}_$form.c" "${a[@]}"
  done
  # The two forms of a row compute the same thing.
  if "$OUTCMP" "$work/${row}_base/seq.out" "$work/${row}_opt/seq.out" >"$work/$row.cmp" 2>&1; then
    echo "${row} base=opt ok" | tee -a "$result"
  else
    echo "${row} base=opt FAIL: see $work/$row.cmp" | tee -a "$result"
    failed=1
  fi
done
check launch_nu "$here/overhead/launch_nu.c" 100
exit $failed
