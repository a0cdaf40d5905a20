#!/usr/bin/env bash
# openmp_warnings.sh — under --openmp every OpenMP directive that nucc does
# not translate is named in a warning with its reason and the warning's
# name in brackets, as GCC prints it (target update from(b) is read: a
# sync on the host); -Wno-NAME mutes it, -Werror and
# -Werror=NAME make it an error (exit 1, no output), -Wno-error=NAME keeps
# it a warning, and an unknown NAME is bad usage.
# Usage: openmp_warnings.sh NUCC WORKDIR
set -u
nucc=$1 work=$2
source "$(dirname "$0")/../tools/expect.sh"
cat >"$work/in.c" <<'C'
#include <omp.h>
#include <stdio.h>
float a[100], b[100];
int main(void) {
#pragma omp target teams distribute parallel for map(to: a) map(from: b)
  for (int i = 0; i < 100; i++)
    b[i] = a[i] + 1;
#pragma omp parallel
  printf("%d\n", omp_get_num_threads() > 0);
#pragma omp simd
  for (int i = 0; i < 100; i++)
    a[i] += 1;
#pragma omp target update from(b)
#pragma omp declare reduction(mx : int : omp_out = omp_out > omp_in ? omp_out : omp_in)
  printf("%g\n", a[1] + b[1]);
  return 0;
}
C
in="$work/in.c"
run_nucc --openmp "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "in.c:8:13: warning: '#pragma omp parallel' is not translated: the region holds no loop nucc offloads; it stays as written and runs on the host's threads \[-Wnucc-omp-ignored\]$"
expect_stderr "in.c:10:13: warning: '#pragma omp simd' is not translated: .* \[-Wnucc-omp-ignored\]$"
expect_stderr "in.c:14:13: warning: '#pragma omp declare reduction' is not translated"
n=$(grep -c 'warning:' "$work/stderr")
[ "$n" -eq 3 ] || fail "$n warnings, expected 3 (the target loop and target update are translated)"
grep -q 'nurt_host_access_at(b, 0, "b"' "$work/out.c" || fail "target update from(b) is not a sync"
grep -q '#pragma omp parallel$' "$work/out.c" || fail "the region's pragma is not kept in the output"
grep -q '__kernel void' "$work/out.c" || fail "the target loop is not a kernel"

run_nucc --openmp -Wno-nucc-omp-ignored "$in" -o "$work/out.c"
expect_rc 0
[ -s "$work/stderr" ] && fail "-Wno-nucc-omp-ignored: still a diagnostic"

rm -f "$work/out.c"
run_nucc --openmp -Werror "$in" -o "$work/out.c"
expect_rc 1
expect_stderr "in.c:8:13: error: '#pragma omp parallel' is not translated: .* \[-Werror=nucc-omp-ignored\]$"
expect_no_output "$work/out.c"

run_nucc --openmp -Werror -Wno-error=nucc-omp-ignored "$in" -o "$work/out.c"
expect_rc 0
expect_stderr "warning: .* \[-Wnucc-omp-ignored\]$"

run_nucc --openmp -Werror=nucc-omp-ignored -Wnucc-omp-ignored "$in" -o "$work/out.c"
expect_rc 0

run_nucc --openmp -Werror=no-such-warning "$in" -o "$work/out.c"
expect_rc 2
expect_stderr "no such warning"
run_nucc --openmp -Wno-no-such-warning "$in" -o "$work/out.c"
expect_rc 0
finish
