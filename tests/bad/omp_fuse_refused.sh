#!/usr/bin/env bash
# omp_fuse_refused.sh — OpenMP's fuse under a loop directive that nucc's
# fuse refuses: a fusion that reverses a dependence (the second loop reads
# a[i + 1], which the first writes), loops of unequal headers (OpenMP runs
# the shorter one's body under a guard; nucc's fuse needs equal ones), a
# looprange that leaves two loops for a directive that applies to one, and
# a clause nucc does not read (apply): each loop stays on the host as
# written with the reason (-Wnucc-omp-host), as for any refused
# transformation, and the fuse beside them is a kernel (--explain shows its
# step, `-- after omp fuse → fuse:`).  Standalone, the
# same unequal headers are an error, and a fuse over a lone `for` is one.
# Usage: omp_fuse_refused.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <stdio.h>
float a[101], b[100], c[100];
int main(void) {
#pragma omp parallel for
#pragma omp fuse
  {
    for (int i = 0; i < 100; i++)
      a[i] = i;
    for (int i = 0; i < 100; i++)
      b[i] = a[i + 1] - a[i];
  }
#pragma omp parallel for
#pragma omp fuse
  {
    for (int i = 0; i < 100; i++)
      b[i] = i;
    for (int i = 0; i < 50; i++)
      c[i] = 2 * i;
  }
#pragma omp parallel for
#pragma omp fuse looprange(1, 2)
  {
    for (int i = 0; i < 100; i++)
      b[i] = i;
    for (int i = 0; i < 100; i++)
      c[i] = b[i] + 1;
    for (int i = 0; i < 100; i++)
      a[i] = c[i];
  }
#pragma omp parallel for
#pragma omp fuse apply(fused: unroll)
  {
    for (int i = 0; i < 100; i++)
      b[i] = i;
    for (int i = 0; i < 100; i++)
      c[i] = b[i] + 1;
  }
#pragma omp parallel for
#pragma omp fuse
  {
    for (int i = 0; i < 100; i++)
      b[i] = i;
    for (int i = 0; i < 100; i++)
      c[i] = b[i] + 1;
  }
  printf("%g %g\n", b[5], c[5]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openmp "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:4:13: warning: this loop stays on the host: fuse: fusing the loops at lines 7 and 9 would reverse a dependence \[-Wnucc-omp-host\]$"
expect_stderr "in.c:12:13: warning: this loop stays on the host: fuse: the loops at lines 15 and 17 do not have equal headers .*OpenMP's fuse would run them by iteration number.* \[-Wnucc-omp-host\]$"
expect_stderr "in.c:20:13: warning: this loop stays on the host: fuse: 'omp fuse looprange\\(1, 2\\)' leaves 2 loops, and the loop directive above it applies to one \[-Wnucc-omp-host\]$"
expect_stderr "in.c:30:13: warning: this loop stays on the host: 'apply' is not a clause of '#pragma omp fuse' that nucc reads .* \[-Wnucc-omp-host\]$"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 4 ] || fail "$n warnings, expected 4"
[ "$(grep -c '__kernel void' "$work/out.c")" -eq 1 ] || fail "the legal fuse is not one kernel"
[ "$(grep -c '^#pragma omp fuse' "$work/out.c")" -eq 4 ] ||
  fail "the loops left on the host lost their fuse lines"
# --explain names the translation of the fuse that is a kernel
run_nucc --openmp --explain "$in" -o "$work/out.c"
grep -q '^-- after omp fuse → fuse:$' "$work/stdout" || fail "--explain shows no 'omp fuse → fuse' step"

# standalone: the same refusal is an error, as for '#pragma nu fuse'
cat >"$work/alone.c" <<'C'
float b[100], c[100];
void f(void) {
#pragma omp fuse
  {
    for (int i = 0; i < 100; i++)
      b[i] = i;
    for (int i = 0; i < 50; i++)
      c[i] = 2 * i;
  }
}
C
rm -f "$work/out.c"
run_nucc --openmp "$work/alone.c" -o "$work/out.c"
expect_rc 1
expect_stderr "alone.c:3:13: error: fuse: the loops at lines 5 and 7 do not have equal headers"
expect_no_output "$work/out.c"

cat >"$work/lone.c" <<'C'
float b[100];
void f(void) {
#pragma omp fuse
  for (int i = 0; i < 100; i++)
    b[i] = i;
}
C
run_nucc --openmp "$work/lone.c" -o "$work/out.c"
expect_rc 1
expect_stderr "lone.c:3:13: error: '#pragma omp fuse' must stand directly above a block of loops"
expect_no_output "$work/out.c"
finish
