#!/usr/bin/env bash
# openmp_map_hints.sh — map clauses are hints under lazy sync, checked as
# OpenACC's data clauses are (frontend_data.c), -Wnucc-omp-map where a
# clause and lazy sync disagree: map(present, ...) of an array no map
# before it mapped (no target data, no target enter data); map(to: c) on a
# loop that writes c (OpenMP would not copy it back) and map(from: d) on one
# that reads d (OpenMP would not copy it in), where no map before moved
# them.  The same clauses inside a target data that maps the arrays are
# fine; -Werror=nucc-omp-map refuses.
# Usage: openmp_map_hints.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <stdio.h>
float a[100], b[100], c[100], d[100];
int main(void) {
#pragma omp target teams distribute parallel for map(present, to: a) map(from: b)
  for (int i = 0; i < 100; i++)
    b[i] = a[i] + 1;
#pragma omp target teams distribute parallel for map(to: b, c)
  for (int i = 0; i < 100; i++)
    c[i] = b[i] * 2;
#pragma omp target teams distribute parallel for map(from: d) map(tofrom: b)
  for (int i = 0; i < 100; i++)
    b[i] += d[i];
#pragma omp target data map(tofrom: a, c)
  {
#pragma omp target teams distribute parallel for map(present, to: b) map(to: c) map(from: a)
    for (int i = 0; i < 100; i++)
      c[i] = b[i] * a[i];
  }
  printf("%g\n", c[1]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openmp "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:4:54: warning: 'map\\(present: a\\)': no map clause before it maps 'a' to the device .*\[-Wnucc-omp-map\]$"
expect_stderr "in.c:7:13: warning: 'map\\(to: c\\)': the loop writes 'c', which the clause does not copy back to the host .*\[-Wnucc-omp-map\]$"
expect_stderr "in.c:10:13: warning: 'map\\(from: d\\)': the loop reads 'd', which the clause does not copy to the device .*\[-Wnucc-omp-map\]$"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 3 ] || fail "$n warnings, expected 3 (the target data maps the last loop's arrays)"
[ "$(grep -c '__kernel void' "$work/out.c")" -eq 4 ] || fail "the four loops are not kernels"

rm -f "$work/out.c"
run_nucc --openmp -Werror=nucc-omp-map "$in" -o "$work/out.c"
expect_rc 1
expect_no_output "$work/out.c"
finish
