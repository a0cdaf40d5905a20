#!/usr/bin/env bash
# openmp_map_present.sh — map clauses are hints under lazy sync, checked as
# OpenACC's data clauses are (frontend_data.c): map(present, ...) on an
# array no map before it mapped (no target data, no target enter data) is
# named in a warning at the clause, -Wnucc-omp-present; one that an
# enclosing target data maps is not; -Werror=nucc-omp-present refuses.
# Usage: openmp_map_present.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <stdio.h>
float a[100], b[100], c[100];
int main(void) {
#pragma omp target teams distribute parallel for map(present, to: a) map(from: b)
  for (int i = 0; i < 100; i++)
    b[i] = a[i] + 1;
#pragma omp target data map(to: b)
  {
#pragma omp target teams distribute parallel for map(present, to: b)
    for (int i = 0; i < 100; i++)
      c[i] = b[i] * 2;
  }
  printf("%g\n", c[1]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openmp "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:4:54: warning: 'map\\(present: a\\)': no map clause before it maps 'a' to the device .*\[-Wnucc-omp-present\]$"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 1 ] || fail "$n warnings, expected 1 (b is mapped by the target data around its loop)"
[ "$(grep -c '__kernel void' "$work/out.c")" -eq 2 ] || fail "the two loops are not kernels"

rm -f "$work/out.c"
run_nucc --openmp -Werror=nucc-omp-present "$in" -o "$work/out.c"
expect_rc 1
expect_no_output "$work/out.c"
finish
