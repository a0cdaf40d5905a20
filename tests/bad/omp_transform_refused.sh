#!/usr/bin/env bash
# omp_transform_refused.sh — a loop transformation nucc cannot read under a
# loop directive (tile without sizes, split counts it cannot map onto peel)
# is not dropped: the loop stays on the host as written with the reason
# (-Wnucc-omp-host), as any OpenMP loop nucc cannot offload; a mapped one
# beside it is translated; -Werror=nucc-omp-host refuses the file.
# Usage: omp_transform_refused.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <stdio.h>
float a[100], b[100];
int main(void) {
#pragma omp parallel for
#pragma omp tile
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for
#pragma omp split counts(omp_fill, omp_fill)
  for (int i = 0; i < 100; i++)
    b[i] = a[i];
#pragma omp parallel for
#pragma omp split counts(omp_fill, 3)
  for (int i = 0; i < 100; i++)
    b[i] += 1;
  printf("%g\n", b[5]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openmp "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:4:13: warning: this loop stays on the host: '#pragma omp tile' needs sizes\\(...\\) \[-Wnucc-omp-host\]$"
expect_stderr "in.c:8:13: warning: this loop stays on the host: split counts\\(omp_fill, omp_fill\\): nucc maps only .* \[-Wnucc-omp-host\]$"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 2 ] || fail "$n warnings, expected 2"
[ "$(grep -c '__kernel void' "$work/out.c")" -eq 2 ] ||
  fail "the split counts(omp_fill, 3) loop is not two kernels (peel(0, 3))"
grep -q '^#pragma omp tile$' "$work/out.c" || fail "the loop left on the host lost its pragma"

rm -f "$work/out.c"
run_nucc --openmp -Werror=nucc-omp-host "$in" -o "$work/out.c"
expect_rc 1
expect_no_output "$work/out.c"
finish
