#!/usr/bin/env bash
# openmp_private_array_sizes.sh — under --openmp, an array OpenMP keeps per
# thread becomes each work-item's own: up to 4096 bytes a __private array,
# beyond that a share of a device scratch buffer that nurt sizes by the
# launch (nurt_arg_private), as OpenACC compilers do, its elements
# interleaved with the other work-items' (big[k] at k * work-items); the loop runs as a
# kernel either way, with no warning.  Likewise for `#pragma nu work` with
# private(...).  (Run both ways: tests/run/openmp_private_array_scratch.c.)
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
grep -q "warning" "$work/stderr" && fail "a warning for an array in scratch"
grep -q "__kernel" "$work/out.c" || fail "no kernel for an array in scratch"
grep -q "__global double \\*nu_pv_big" "$work/out.c" || fail "no scratch parameter for 'big'"
grep -q "__global double \\*big = (nu_pv_big + (get_global_id(0)" "$work/out.c" ||
  fail "'big' does not start at its work-item's element of the scratch"
grep -q "big\\[(k) \\* nu_pvn\\]" "$work/out.c" ||
  fail "'big[k]' is not interleaved with the other work-items' elements"
grep -q 'nurt_arg_private(nu_l, "pv.big.[0-9]*", (size_t)513 \* sizeof(double));' "$work/out.c" ||
  fail "the stub does not ask nurt for 513 doubles a work-item"
grep -q 'nurt_private_fit(nu_l, nu_global, nu_local);' "$work/out.c" ||
  fail "a grid-stride kernel with an array in scratch does not fit its work-items to the device"

write fits.c 512
run_nucc --openmp "$work/fits.c" -o "$work/out2.c"
expect_rc 0
grep -q "warning" "$work/stderr" && fail "a warning for an array that fits"
grep -q "__kernel" "$work/out2.c" || fail "no kernel for an array that fits"
grep -q "nu_pv_big" "$work/out2.c" && fail "an array that fits went to scratch"
grep -q "  double big\\[512\\];" "$work/out2.c" || fail "no __private copy of 'big'"

cat >"$work/nu.c" <<C
void f(double *out, const double *in, int n) {
  double big[1024];
  int i, k;
#pragma nu work(64) private(big, k)
  for (i = 0; i < n; i++) {
    for (k = 0; k < 1024; k++)
      big[k] = in[i] * k;
    out[i] = big[i % 1024];
  }
}
C
run_nucc "$work/nu.c" -o "$work/out3.c"
expect_rc 0
grep -q "__global double \\*nu_pv_big" "$work/out3.c" || fail "work(...) private(big): no scratch"
finish
