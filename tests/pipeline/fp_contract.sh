#!/usr/bin/env bash
# fp_contract.sh — -ffp-contract=off|on|fast, as GCC spells it: off writes
# `#pragma OPENCL FP_CONTRACT OFF` into the program (the kernels then round
# as a CPU build without FMA), on and fast leave OpenCL's default, the
# program of no option; another value is bad usage.
# Usage: fp_contract.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
src=$here/run/lu_no_pivoting.c

run_nucc --emit=cl "$src" -o "$work/default.cl"
expect_rc 0
grep -q 'FP_CONTRACT' "$work/default.cl" && fail "the default program says FP_CONTRACT"
run_nucc --emit=cl -ffp-contract=off "$src" -o "$work/off.cl"
expect_rc 0
grep -qx '#pragma OPENCL FP_CONTRACT OFF' "$work/off.cl" ||
  fail "-ffp-contract=off: no '#pragma OPENCL FP_CONTRACT OFF' line in the program"
# the pragma must come before the first kernel to hold for all of them
pragma_line=$(grep -n 'FP_CONTRACT OFF' "$work/off.cl" | head -n 1 | cut -d: -f1)
kernel_line=$(grep -n '__kernel' "$work/off.cl" | head -n 1 | cut -d: -f1)
[ "${pragma_line:-999999}" -lt "${kernel_line:-0}" ] || fail "the pragma follows a kernel"
# off changes nothing else
diff <(grep -v 'FP_CONTRACT' "$work/off.cl") "$work/default.cl" >/dev/null ||
  fail "-ffp-contract=off changed more than the pragma"
for v in on fast; do
  run_nucc --emit=cl -ffp-contract=$v "$src" -o "$work/$v.cl"
  expect_rc 0
  cmp -s "$work/$v.cl" "$work/default.cl" || fail "-ffp-contract=$v differs from the default"
done
# in the host output too, inside the embedded program
run_nucc -ffp-contract=off "$src" -o "$work/off.nu.c"
expect_rc 0
grep -qF '"#pragma OPENCL FP_CONTRACT OFF\n"' "$work/off.nu.c" ||
  fail "-ffp-contract=off: the host output's program lacks the pragma"
run_nucc -ffp-contract=sometimes "$src" -o "$work/bad.c"
expect_rc 2
expect_stderr "unknown -ffp-contract value \(off, on or fast\): sometimes"
expect_no_output "$work/bad.c"
finish
