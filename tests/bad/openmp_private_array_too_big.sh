#!/usr/bin/env bash
# openmp_private_array_too_big.sh — under --openmp, an array OpenMP keeps
# per thread that is larger than a work-item's private copy may be keeps its
# loop on the host: a warning names the array and its size, the output
# keeps the `omp for` loop as written (no kernel), and nucc succeeds.  The
# same array one element smaller is private to each work-item.
# Usage: openmp_private_array_too_big.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"

write() {
  cat >"$work/$1" <<C
void f(double *out, const double *in, int n) {
  int i, k;
#pragma omp parallel
  {
    double big[$2];
#pragma omp for
    for (i = 0; i < n; i++) {
      for (k = 0; k < $2; k++)
        big[k] = in[i] * k;
      out[i] = big[3] + big[$2 - 1];
    }
  }
}
C
}
write big.c 513
run_nucc --openmp "$work/big.c" -o "$work/out.c"
expect_rc 0
expect_stderr "big.c:6:13: warning: this loop stays on the host: 'big' \(double\[513\], 4104 bytes\) would be private to each work-item, beyond the 4096 bytes"
expect_stderr "^#pragma omp for$"
expect_stderr "^            \^$"
grep -q "^#pragma omp for$" "$work/out.c" || fail "the output lost the loop's '#pragma omp for'"
grep -q "__kernel" "$work/out.c" && fail "the output has a kernel"

write fits.c 512
run_nucc --openmp "$work/fits.c" -o "$work/out2.c"
expect_rc 0
grep -q "warning" "$work/stderr" && fail "a warning for an array that fits"
grep -q "__kernel" "$work/out2.c" || fail "no kernel for an array that fits"
finish
